import BlankslateSupport

/// The texts the layouts show when a definition writes none: the seeds' own
/// words in Chinese, Arabic and German renderings, and an English one for
/// every other language (the content-unavailable layout has Japanese too).
package enum DefaultString: String, Sendable, CaseIterable {
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
  // The content-unavailable layout's states, in the words of the system's own empty states.
  case unavailableNoDataTitle
  case unavailableNoDataMessage
  case unavailableNoResultsTitle
  case unavailableNoResultsQueryTitle
  case unavailableNoResultsMessage
  case unavailableOfflineTitle
  case unavailableOfflineMessage
  case unavailableErrorTitle
  case unavailableErrorMessage
  case unavailableTryAgain
  case unavailableLoading

  /// Whether the tool has these words in `locale`'s language (else `text(in:)` gives English).
  package func isTranslated(into locale: String) -> Bool {
    let languages = modernWords == nil ? ["zh", "en", "ar"] : ["zh", "en", "ar", "de", "ja"]
    return !PseudoLocale.isPseudo(locale) && languages.contains(Self.language(of: locale))
  }

  /// The text in `locale`: Chinese for any `zh` locale, Arabic for any `ar`
  /// locale, German and Japanese where the layout has them, English otherwise.
  package func text(in locale: String) -> String {
    if PseudoLocale.isPseudo(locale) { return PseudoLocale.transform(text(in: PseudoLocale.base)) }
    if let modern = modernWords {
      switch Self.language(of: locale) {
      case "zh": return modern.zh
      case "ar": return modern.ar
      case "de": return modern.de
      case "ja": return modern.ja
      default: return modern.en
      }
    }
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
    default: words = ("", "", "")
    }
    switch Self.language(of: locale) {
    case "zh": return words.zh
    case "ar": return words.ar
    case "de": return german ?? words.en
    default: return words.en
    }
  }

  /// The seed layouts' texts in German, where the gallery shows them.
  private var german: String? {
    switch self {
    case .blankPageNoData, .messageNoData, .tableNoData: "Keine Daten"
    case .blankPageError: "Da scheint etwas schiefgelaufen zu sein"
    case .blankPageReload: "Zum Neuladen tippen"
    case .customView: "Dies ist eine eigene View"
    case .noNetworkTitle: "Du hast dich wohl verlaufen"
    case .noNetworkMessage: "Aktualisiere, um zum Shop zurückzukehren!"
    case .noNetworkButton: "Neu laden"
    case .noNetworkToast: "Bitte überprüfe deine Netzwerkverbindung"
    case .navigationList: "Liste"
    case .navigationStore: "Shop"
    case .tableHeader: "Tabellenkopf"
    case .tabHome: "Start"
    case .tabDiscover: "Entdecken"
    case .tabMessages: "Nachrichten"
    case .tabProfile: "Ich"
    default: nil
    }
  }

  /// The content-unavailable layout's texts in English, Chinese, German, Japanese and Arabic.
  /// `{query}` stands for the searched text.
  private var modernWords: (en: String, zh: String, de: String, ja: String, ar: String)? {
    switch self {
    case .unavailableNoDataTitle:
      ("No Items", "暂无内容", "Keine Einträge", "項目がありません", "لا توجد عناصر")
    case .unavailableNoDataMessage:
      (
        "Items you add will appear here.", "你添加的内容会显示在这里。", "Hinzugefügte Einträge erscheinen hier.",
        "追加した項目はここに表示されます。", "ستظهر هنا العناصر التي تضيفها."
      )
    case .unavailableNoResultsTitle:
      ("No Results", "无结果", "Keine Ergebnisse", "結果なし", "لا توجد نتائج")
    case .unavailableNoResultsQueryTitle:
      (
        "No Results for “{query}”", "没有“{query}”的结果", "Keine Ergebnisse für „{query}“", "「{query}」の結果はありません",
        "لا توجد نتائج لـ «{query}»"
      )
    case .unavailableNoResultsMessage:
      (
        "Check the spelling or try a new search.", "请检查拼写或尝试新的搜索。",
        "Überprüfe die Schreibweise oder versuche eine neue Suche.", "スペルを確認するか、新しい検索を試してください。",
        "تحقق من الإملاء أو جرّب بحثًا جديدًا."
      )
    case .unavailableOfflineTitle:
      ("No Internet Connection", "无网络连接", "Keine Internetverbindung", "インターネット接続がありません", "لا يوجد اتصال بالإنترنت")
    case .unavailableOfflineMessage:
      (
        "Check your connection, then try again.", "请检查网络连接后重试。", "Überprüfe deine Verbindung und versuche es erneut.",
        "接続を確認してから、もう一度お試しください。", "تحقق من اتصالك، ثم حاول مرة أخرى."
      )
    case .unavailableErrorTitle:
      (
        "Couldn’t Load Content", "无法加载内容", "Inhalt konnte nicht geladen werden", "コンテンツを読み込めませんでした",
        "تعذّر تحميل المحتوى"
      )
    case .unavailableErrorMessage:
      (
        "Something went wrong. Please try again.", "出了点问题，请重试。", "Etwas ist schiefgelaufen. Bitte versuche es erneut.",
        "問題が発生しました。もう一度お試しください。", "حدث خطأ ما. يُرجى المحاولة مرة أخرى."
      )
    case .unavailableTryAgain:
      ("Try Again", "重试", "Erneut versuchen", "再試行", "إعادة المحاولة")
    case .unavailableLoading:
      ("Loading…", "正在加载…", "Wird geladen …", "読み込み中…", "جارٍ التحميل…")
    default: nil
    }
  }

  private static func language(of locale: String) -> String {
    locale.split(separator: "-").first.map { $0.lowercased() } ?? ""
  }

  /// A section header's text (`第 1 组` / `Section 1`).
  package static func section(_ number: Int, in locale: String) -> String {
    if PseudoLocale.isPseudo(locale) { return PseudoLocale.transform("Section \(number)") }
    switch language(of: locale) {
    case "zh": return "第 \(number) 组"
    case "ar": return "القسم \(number)"
    case "de": return "Abschnitt \(number)"
    default: return "Section \(number)"
    }
  }

  /// A row's text (`第 1 行` / `Row 1`).
  package static func row(_ number: Int, in locale: String) -> String {
    if PseudoLocale.isPseudo(locale) { return PseudoLocale.transform("Row \(number)") }
    switch language(of: locale) {
    case "zh": return "第 \(number) 行"
    case "ar": return "الصف \(number)"
    case "de": return "Zeile \(number)"
    default: return "Row \(number)"
    }
  }
}
