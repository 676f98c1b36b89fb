import BlankslateCLI
import Foundation

Allocator.configure()
Terminal.prepare()
Commands.allocator = { Allocator.description }
Commands.startsLongRun = Allocator.keepEmptyPagesForReuse
Commands.exitsAfterTheCommand = true
exit(Terminal.exitStatus(Commands.run(Array(CommandLine.arguments.dropFirst()))))
