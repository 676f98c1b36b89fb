import Foundation

exit(Commands.run(Array(CommandLine.arguments.dropFirst())))
