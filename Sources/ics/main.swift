import ChronoSketchCLI
import Foundation

ICSCommandLine.installSignalHandlers()
exit(ICSCommandLine.run(Array(CommandLine.arguments.dropFirst()), io: .process()))
