import ChronoSketchCLI
import Foundation

ICSCommandLine.installSignalHandlers()
ICSCommandLine.startCounting()
let status = ICSCommandLine.run(Array(CommandLine.arguments.dropFirst()), io: .process())
ICSCommandLine.reportCounts()
exit(status)
