import BlankslateCoreTestSupport
import BlankslateSnapshot
import BlankslateTestSupport

extension SiteCopy {
  /// `check` of the copy (two workers), with `filter` and `shard` when given.
  func check(_ filter: String? = nil, shard: Shard? = nil) throws -> SnapshotSummary {
    try SnapshotChecker(
      options: SnapshotOptions(siteFolder: site, siteDisplay: "Site", filter: filter, shard: shard, workers: 2)
    ).run()
      .summary
  }
}
