import Foundation
import IslandCLI

exit(IslandCommandLine.main(Array(CommandLine.arguments.dropFirst())))
