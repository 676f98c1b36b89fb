import BlankslateCore
import BlankslateCoreTestSupport
@testable import BlankslateSnapshot
import BlankslateTestSupport
import Testing

/// A card's `--filter` is made from the results of its own variant and
/// design (`ReviewCard.Candidates`, made once a summary), not from every
/// result: the command it prints must select exactly its renders among all
/// the results of its status, as a filter made from every result did.
@Suite("Review cards' filters")
struct ReviewCardTests {
  /// Designs and variants whose names begin with one another's, every status,
  /// and renders of a variant split between statuses (seeded).
  static func summary(seed: UInt64) -> SnapshotSummary {
    var random = SeededRandom(seed: seed)
    var results: [SnapshotResult] = []
    for design in ["chat", "chat-2", "orders"] {
      for variant in ["empty", "empty-2", "error"] {
        // A variant's renders mostly share a status; some go another way.
        let usual = [SnapshotStatus.new, .changed, .orphaned][Int.random(in: 0..<3, using: &random)]
        for device in ["iphone-se", "iphone-15"] {
          for theme in ["light", "dark"] {
            for locale in ["en", "ar"] {
              for size in [nil, "accessibilityExtraExtraExtraLarge"] {
                let roll = Int.random(in: 0..<10, using: &random)
                guard roll > 0 else { continue }  // unchanged
                let status: SnapshotStatus = roll > 7 ? [.new, .changed, .orphaned][roll - 7 - 1] : usual
                let id = RenderID(
                  design: design, variant: variant, device: device, theme: theme, locale: locale, textSize: size)
                var result = SnapshotResult(id: id, status: status, golden: id.goldenPath)
                // Two causes among the changed, so a variant's changed renders may make two cards.
                if status == .changed { result.context = [locale == "ar" ? "the Arabic text" : "spacing"] }
                results.append(result)
              }
            }
          }
        }
      }
    }
    return SnapshotSummary(site: "Site", shard: nil, passed: [], results: results)
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func aCardsFilterSelectsExactlyItsRendersAmongEveryResultOfItsStatus(seed: UInt64) throws {
    let summary = Self.summary(seed: seed)
    let candidates = ReviewCard.Candidates(summary)
    let cards = ReviewCard.cards(summary)
    #expect(cards.count > 9)
    for card in cards {
      let sameStatus = summary.results.filter { $0.status == card.status }.map(\.id)
      let filter = card.filter(among: candidates)
      let regex = try Regex(filter)
      let matched = sameStatus.filter { $0.description.firstMatch(of: regex) != nil }
      #expect(Set(matched) == Set(card.renders), "\(card.headline): \(filter)")
      // One variant's card: the filter a card made from every result of its status.
      if card.variants.count == 1 {
        #expect(filter == RenderID.filter(selecting: card.renders, among: sameStatus))
      }
      #expect(card.command(among: candidates, site: "Site").hasSuffix("'\(filter)'"))
    }
  }

  /// A card of many variants (an edit of the site): its renders grouped by
  /// variant in one pass, each variant once, in the order its first render comes.
  @Test func aCardOfManyVariantsGroupsItsRendersInOrder() {
    let renders = (0..<600).map { index in
      RenderID(
        design: "d\(index % 150)", variant: "v\(index % 4)", device: "iphone-15", theme: index < 300 ? "light" : "dark",
        locale: "en", textSize: nil)
    }
    let card = ReviewCard(status: .new, headline: "new", effects: [], renders: renders)
    let groups = card.rendersByVariant
    #expect(groups.count == 300)
    #expect(groups.map(\.variant) == card.variants)
    #expect(Set(groups.map(\.variant)).count == groups.count)
    #expect(groups.flatMap(\.renders).count == renders.count)
    for group in groups {
      #expect(group.renders == renders.filter { $0.variantPath == group.variant })
    }
    #expect(groups.first?.variant == "d0/v0")
    #expect(card.placement == "each of 300 variants: iphone-15 × light, dark × en")
  }
}
