import LegibleCLI
#if canImport(Glibc)
import Glibc
#endif

exit(LegibleCommandLine.run(Array(CommandLine.arguments.dropFirst())))
