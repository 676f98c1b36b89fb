import BlankslateCLI
import Foundation

Terminal.prepare()
Commands.allocator = Allocator.description
exit(Terminal.exitStatus(Commands.run(Array(CommandLine.arguments.dropFirst()))))
