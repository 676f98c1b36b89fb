/// The texts the layouts show when a definition writes none: the seeds' own
/// words in Chinese, an Arabic rendering for Arabic, and an English one for
/// every other language.
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

  /// The text in `locale`: Chinese for any `zh` locale, Arabic for any `ar` locale, English otherwise.
  public func text(in locale: String) -> String {
    if PseudoLocale.isPseudo(locale) { return PseudoLocale.transform(text(in: PseudoLocale.base)) }
    let words: (zh: String, en: String, ar: String)
    switch self {
    case .blankPageNoData: words = ("暂无数据", "No data", "لا توجد بيانات")
    case .blankPageError: words = ("貌似出了点差错", "Something seems to have gone wrong", "يبدو أن خطأً ما قد حدث")
    case .blankPageReload: words = ("点击重新加载", "Tap to reload", "انقر لإعادة التحميل")
    case .messageNoData: words = ("暂无数据", "No data", "لا توجد بيانات")
    case .customView: words = ("这是一个自定义的View", "This is a custom view", "هذا عرض مخصص")
    case .noNetworkTitle: words = ("您似乎迷路了", "You seem to be lost", "يبدو أنك ضللت الطريق")
    case .noNetworkMessage: words = ("刷新一下返回店铺!", "Refresh to get back to the store!", "حدِّث الصفحة للعودة إلى المتجر!")
    case .noNetworkButton: words = ("重新查看", "Try again", "حاول مرة أخرى")
    case .noNetworkToast: words = ("请检查你的网络连接", "Please check your network connection", "يُرجى التحقق من اتصالك بالشبكة")
    case .tableNoData: words = ("暂无数据", "No data", "لا توجد بيانات")
    case .navigationList: words = ("列表", "List", "القائمة")
    case .navigationStore: words = ("店铺", "Store", "المتجر")
    case .tableHeader: words = ("表头视图", "Table header", "رأس الجدول")
    case .tabHome: words = ("首页", "Home", "الرئيسية")
    case .tabDiscover: words = ("发现", "Discover", "استكشاف")
    case .tabMessages: words = ("消息", "Messages", "الرسائل")
    case .tabProfile: words = ("我的", "Me", "أنا")
    }
    switch Self.language(of: locale) {
    case "zh": return words.zh
    case "ar": return words.ar
    default: return words.en
    }
  }

  private static func language(of locale: String) -> String {
    locale.split(separator: "-").first.map { $0.lowercased() } ?? ""
  }

  /// A section header's text (`第 1 组` / `Section 1`).
  public static func section(_ number: Int, in locale: String) -> String {
    if PseudoLocale.isPseudo(locale) { return PseudoLocale.transform("Section \(number)") }
    switch language(of: locale) {
    case "zh": return "第 \(number) 组"
    case "ar": return "القسم \(number)"
    default: return "Section \(number)"
    }
  }

  /// A row's text (`第 1 行` / `Row 1`).
  public static func row(_ number: Int, in locale: String) -> String {
    if PseudoLocale.isPseudo(locale) { return PseudoLocale.transform("Row \(number)") }
    switch language(of: locale) {
    case "zh": return "第 \(number) 行"
    case "ar": return "الصف \(number)"
    default: return "Row \(number)"
    }
  }
}
