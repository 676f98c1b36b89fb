/// Blankslate as one library: every target of the pipeline, re-exported, for
/// a tool that wants it all. A tool that only renders imports
/// `BlankslateCore`, which links neither an HTTP server nor librsvg.
@_exported import BlankslateCLI
@_exported import BlankslateCore
@_exported import BlankslateHandOff
@_exported import BlankslateModel
@_exported import BlankslateServe
@_exported import BlankslateSite
@_exported import BlankslateSnapshot
@_exported import BlankslateSupport
@_exported import BlankslateValidation
