import Foundation

Terminal.prepare()
exit(Terminal.exitStatus(Commands.run(Array(CommandLine.arguments.dropFirst()))))
