import BlankslateCore
import BlankslateSupport
import BlankslateValidation

extension GalleryPages {
  /// The symbols page: each symbol drawn inline in black (on a white tile), with its name.
  func symbolsPage() throws(TemplateError) -> String {
    let path = SitePaths.symbolsPage
    var context = base(pageTitle: "Symbols · \(site.title)", path: path, breadcrumbs: [["label": "Symbols"]])
    context["symbolCount"] = .string(String(SymbolName.allCases.count))
    context["symbols"] = .list(
      SymbolName.allCases.map { symbol in
        let art = Glyph.art(for: symbol, color: .black)
        let svg =
          "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(NumberText.format(art.viewBox.width)) "
          + "\(NumberText.format(art.viewBox.height))\" role=\"img\" aria-label=\"\(symbol.rawValue)\">\(art.body)</svg>"
        return [
          "name": .string("symbol:" + symbol.rawValue),
          "id": .string(symbol.rawValue.replacingOccurrences(of: ".", with: "-")),
          "art": .string(svg),
        ]
      })
    return try templates.render("symbols", .object(context))
  }
}
