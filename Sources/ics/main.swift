import ChronoSketchCLI
import Foundation

exit(ICSCommandLine.run(Array(CommandLine.arguments.dropFirst()), io: .process()))
