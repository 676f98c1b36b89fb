import BlankslateSupport
import BlankslateModel

/// The art of Blankslate's built-in images: flat SVG drawn for this project,
/// in the spirit of the seeds' assets, without ids (so a page can hold many)
/// and without text (so it looks the same whatever fonts a viewer has).
package enum Illustration {
  /// The file of a built-in image, below the gallery's folder (`art/blankpage_6.svg`).
  package static func fileName(_ image: BuiltinImage) -> String {
    "art/\(image.rawValue).svg"
  }

  /// A built-in image as a standalone SVG file.
  package static func file(_ image: BuiltinImage) -> String {
    let art = art(for: image)
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(NumberText.format(art.viewBox.width)) "
      + "\(NumberText.format(art.viewBox.height))\"><title>\(image.rawValue)</title>" + art.body + "</svg>\n"
  }

  /// The art's own coordinate space and its SVG body.
  package static func art(for image: BuiltinImage) -> (viewBox: Size, body: String) {
    switch image {
    case .blankpage6: (Size(width: 192, height: 115), emptyTray)
    case .blankpage13: (Size(width: 192, height: 115), tornPage)
    case .notFound404: (Size(width: 125, height: 125), lostSignpost)
    case .noteListNoData: (Size(width: 120, height: 120), emptyNotes)
    case .wifiOff: (Size(width: 120, height: 120), wifiOff)
    case .searchEmpty: (Size(width: 120, height: 120), searchEmpty)
    }
  }

  /// An open, empty cardboard tray with a few motes above it.
  static let emptyTray = """
    <ellipse cx="96" cy="104" rx="64" ry="7" fill="#8DA2BC" fill-opacity="0.3"/>\
    <path d="M52 44L96 28L140 44L96 60Z" fill="#C9D5E3"/>\
    <path d="M52 44L96 60L96 100L52 84Z" fill="#A9BBD0"/>\
    <path d="M140 44L96 60L96 100L140 84Z" fill="#93A8C1"/>\
    <path d="M52 44L34 57L78 73L96 60Z" fill="#BFCDDE"/>\
    <path d="M140 44L158 57L114 73L96 60Z" fill="#B0C1D5"/>\
    <path d="M96 60L96 100" stroke="#8299B4" stroke-width="1"/>\
    <path d="M70 70L82 74.5" stroke="#8FA4BD" stroke-width="2" stroke-linecap="round"/>\
    <circle cx="74" cy="18" r="3.5" fill="#FFC46B"/>\
    <circle cx="126" cy="12" r="2.5" fill="#9FB3CB"/>\
    <path d="M112 20v8M108 24h8" stroke="#9FB3CB" stroke-width="2" stroke-linecap="round"/>\
    <path d="M58 26v6M55 29h6" stroke="#C9D5E3" stroke-width="2" stroke-linecap="round"/>
    """

  /// A page torn across with a warning sign at its corner.
  static let tornPage = """
    <ellipse cx="96" cy="106" rx="62" ry="6" fill="#8DA2BC" fill-opacity="0.3"/>\
    <path d="M66 10h52a6 6 0 0 1 6 6v40l-8 6-8-6-8 6-8-6-8 6-8-6-8 6-8-6V16a6 6 0 0 1 6-6z" fill="#FFFFFF" stroke="#A9BBD0" stroke-width="2" stroke-linejoin="round"/>\
    <path d="M60 72l8-6 8 6 8-6 8 6 8-6 8 6 8-6 8 6v26a6 6 0 0 1-6 6H66a6 6 0 0 1-6-6z" fill="#FFFFFF" stroke="#A9BBD0" stroke-width="2" stroke-linejoin="round"/>\
    <rect x="72" y="22" width="40" height="5" rx="2.5" fill="#D3DDE8"/>\
    <rect x="72" y="33" width="30" height="5" rx="2.5" fill="#D3DDE8"/>\
    <rect x="72" y="44" width="36" height="5" rx="2.5" fill="#D3DDE8"/>\
    <rect x="72" y="82" width="26" height="5" rx="2.5" fill="#D3DDE8"/>\
    <path d="M140 58l20 34a3 3 0 0 1-2.6 4.5h-40a3 3 0 0 1-2.6-4.5l20-34a3 3 0 0 1 5.2 0z" fill="#FFB547"/>\
    <rect x="135.5" y="68" width="4" height="15" rx="2" fill="#FFFFFF"/>\
    <circle cx="137.5" cy="89" r="2.4" fill="#FFFFFF"/>\
    <circle cx="44" cy="30" r="3" fill="#C9D5E3"/>\
    <path d="M156 22v8M152 26h8" stroke="#C9D5E3" stroke-width="2" stroke-linecap="round"/>
    """

  /// A signpost pointing both ways in a teal clearing: "you seem lost".
  static let lostSignpost = """
    <circle cx="62.5" cy="60" r="54" fill="#E4F7F4"/>\
    <ellipse cx="62.5" cy="108" rx="34" ry="6" fill="#C7EDE7"/>\
    <rect x="59.5" y="26" width="6" height="82" rx="3" fill="#6F8396"/>\
    <path d="M30 34h52l11 10-11 10H30a3 3 0 0 1-3-3V37a3 3 0 0 1 3-3z" fill="#00C4AD"/>\
    <path d="M95 62H43L32 72l11 10h52a3 3 0 0 0 3-3V65a3 3 0 0 0-3-3z" fill="#7FDCCF"/>\
    <rect x="37" y="41.5" width="30" height="5" rx="2.5" fill="#FFFFFF" fill-opacity="0.85"/>\
    <rect x="55" y="69.5" width="32" height="5" rx="2.5" fill="#FFFFFF" fill-opacity="0.85"/>\
    <path d="M96 18a8 8 0 1 1 9 8v4" fill="none" stroke="#00A894" stroke-width="3.5" stroke-linecap="round"/>\
    <circle cx="105" cy="38" r="2.3" fill="#00A894"/>\
    <circle cx="22" cy="92" r="4" fill="#A6E6DC"/>\
    <circle cx="104" cy="96" r="3" fill="#A6E6DC"/>
    """

  /// A notebook with empty ruled lines and a pencil.
  static let emptyNotes = """
    <ellipse cx="60" cy="108" rx="40" ry="6" fill="#8DA2BC" fill-opacity="0.3"/>\
    <rect x="26" y="14" width="62" height="86" rx="7" fill="#FFFFFF" stroke="#A9BBD0" stroke-width="2"/>\
    <rect x="26" y="14" width="14" height="86" rx="7" fill="#C9D5E3"/>\
    <circle cx="33" cy="30" r="2.5" fill="#FFFFFF"/>\
    <circle cx="33" cy="57" r="2.5" fill="#FFFFFF"/>\
    <circle cx="33" cy="84" r="2.5" fill="#FFFFFF"/>\
    <path d="M48 34h30M48 48h30M48 62h22M48 76h26" stroke="#DCE4EE" stroke-width="3" stroke-linecap="round"/>\
    <path d="M98 40l8 8-26 26-10 2 2-10z" fill="#FFC46B"/>\
    <path d="M98 40l8 8 3-3a2 2 0 0 0 0-2.8l-5.2-5.2a2 2 0 0 0-2.8 0z" fill="#F28B82"/>\
    <path d="M72 66l8 8-10 2z" fill="#6F8396"/>
    """

  /// A Wi-Fi signal crossed out.
  static let wifiOff = """
    <circle cx="60" cy="58" r="50" fill="#EEF2F7"/>\
    <path d="M24 50a52 52 0 0 1 72 0" fill="none" stroke="#A9BBD0" stroke-width="7" stroke-linecap="round"/>\
    <path d="M36 63a35 35 0 0 1 48 0" fill="none" stroke="#A9BBD0" stroke-width="7" stroke-linecap="round"/>\
    <path d="M48 76a18 18 0 0 1 24 0" fill="none" stroke="#A9BBD0" stroke-width="7" stroke-linecap="round"/>\
    <circle cx="60" cy="88" r="5" fill="#A9BBD0"/>\
    <path d="M30 30l60 62" stroke="#F28B82" stroke-width="7" stroke-linecap="round"/>
    """

  /// A magnifier over an empty field.
  static let searchEmpty = """
    <circle cx="60" cy="58" r="50" fill="#EEF2F7"/>\
    <circle cx="54" cy="52" r="24" fill="#FFFFFF" stroke="#93A8C1" stroke-width="7"/>\
    <path d="M72 70l20 20" stroke="#93A8C1" stroke-width="9" stroke-linecap="round"/>\
    <path d="M44 52h20" stroke="#C9D5E3" stroke-width="5" stroke-linecap="round"/>
    """
}
