import BlankslateCLI
import Foundation

Terminal.prepare()
Commands.allocator = Allocator.description
Commands.exitsAfterTheCommand = true
exit(Terminal.exitStatus(Commands.run(Array(CommandLine.arguments.dropFirst()))))
