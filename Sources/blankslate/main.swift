import BlankslateCLI
import Foundation

Allocator.configure()
Terminal.prepare()
Commands.allocator = { Allocator.description }
Commands.startsLongRun = { Allocator.keepEmptyPagesForReuse(milliseconds: 25) }
Commands.startsRebuild = { Allocator.keepEmptyPagesForReuse(milliseconds: 1000) }
Commands.exitsAfterTheCommand = true
exit(Terminal.exitStatus(Commands.run(Array(CommandLine.arguments.dropFirst()))))
