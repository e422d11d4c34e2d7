#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

var environment: [String: String] = [:]
var envp = environ
while let entry = envp.pointee {
    let pair = String(cString: entry)
    if let eq = pair.firstIndex(of: "=") { environment[String(pair[..<eq])] = String(pair[pair.index(after: eq)...]) }
    envp += 1
}
MappedFileGuard.install()
exit(Runner.main(Array(CommandLine.arguments.dropFirst()), environment: environment))
