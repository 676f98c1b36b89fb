/// The model a render is made from (`Design`, `RenderJob`, `SiteLoader` …)
/// comes with `BlankslateCore`: a tool that renders imports this target alone.
@_exported import BlankslateModel
