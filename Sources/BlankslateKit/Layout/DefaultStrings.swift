/// The texts the layouts show when a definition writes none: the seeds' own
/// words in Chinese, and an English rendering for every other language.
public enum DefaultString: String, Sendable, CaseIterable {
  case blankPageNoData
  case blankPageError
  case blankPageReload
  case messageNoData
  case customView
  case noNetworkTitle
  case noNetworkMessage
  case noNetworkButton
  case noNetworkToast
  case tableNoData
  case navigationList
  case navigationStore
  case tableHeader
  case tabHome
  case tabDiscover
  case tabMessages
  case tabProfile

  /// The text in `locale`: Chinese for any `zh` locale, English otherwise.
  public func text(in locale: String) -> String {
    if PseudoLocale.isPseudo(locale) { return PseudoLocale.transform(text(in: PseudoLocale.base)) }
    let chinese = locale.lowercased() == "zh" || locale.lowercased().hasPrefix("zh-")
    let pair: (zh: String, en: String)
    switch self {
    case .blankPageNoData: pair = ("暂无数据", "No data")
    case .blankPageError: pair = ("貌似出了点差错", "Something seems to have gone wrong")
    case .blankPageReload: pair = ("点击重新加载", "Tap to reload")
    case .messageNoData: pair = ("暂无数据", "No data")
    case .customView: pair = ("这是一个自定义的View", "This is a custom view")
    case .noNetworkTitle: pair = ("您似乎迷路了", "You seem to be lost")
    case .noNetworkMessage: pair = ("刷新一下返回店铺!", "Refresh to get back to the store!")
    case .noNetworkButton: pair = ("重新查看", "Try again")
    case .noNetworkToast: pair = ("请检查你的网络连接", "Please check your network connection")
    case .tableNoData: pair = ("暂无数据", "No data")
    case .navigationList: pair = ("列表", "List")
    case .navigationStore: pair = ("店铺", "Store")
    case .tableHeader: pair = ("表头视图", "Table header")
    case .tabHome: pair = ("首页", "Home")
    case .tabDiscover: pair = ("发现", "Discover")
    case .tabMessages: pair = ("消息", "Messages")
    case .tabProfile: pair = ("我的", "Me")
    }
    return chinese ? pair.zh : pair.en
  }

  /// A section header's text (`第 1 组` / `Section 1`).
  public static func section(_ number: Int, in locale: String) -> String {
    if PseudoLocale.isPseudo(locale) { return PseudoLocale.transform("Section \(number)") }
    return locale.lowercased().hasPrefix("zh") ? "第 \(number) 组" : "Section \(number)"
  }

  /// A row's text (`第 1 行` / `Row 1`).
  public static func row(_ number: Int, in locale: String) -> String {
    if PseudoLocale.isPseudo(locale) { return PseudoLocale.transform("Row \(number)") }
    return locale.lowercased().hasPrefix("zh") ? "第 \(number) 行" : "Row \(number)"
  }
}
