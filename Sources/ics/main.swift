import ChronoSketchCLI
import Foundation

Interruption.installHandlers()
exit(ICSCommandLine.run(Array(CommandLine.arguments.dropFirst()), io: .process()))
