import ContactsCore
import ContactsService
import ContactsStore
import ContactsSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `contacts serve --stdio`: the JSON-RPC service on stdin/stdout.
enum ServeCommand: Command {
    static let name = "serve"
    static let summary = "the JSON-RPC 2.0 service on stdin/stdout (optionally durable in SQLite)"
    static let usage = """
        usage: contacts serve --stdio [--store PATH] [--daily-upload-budget N]

        Answers JSON-RPC 2.0 requests, one per line on stdin, one response per line on stdout,
        in order. Methods: see PROTOCOL §5, or call getServerInfo.

          --stdio                   serve on stdin/stdout (the only transport)
          --store PATH              keep state durable in the SQLite file PATH (created if missing);
                                    without it, state lives in memory for this process only
          --daily-upload-budget N   new distinct numbers a user may upload per UTC day
                                    (default 50000; 0 = no limit)
        """
    static let flags: Set<String> = ["stdio"]
    static let options: Set<String> = ["store", "daily-upload-budget"]

    static func run(_ arguments: Arguments) throws {
        _ = try arguments.positionals()
        guard arguments.flag("stdio") else { throw CommandLineError("--stdio is required (the only transport)") }
        let budget = try arguments.integer(
            "daily-upload-budget", in: 0...Int(Int32.max), default: EngineConfiguration.defaultDailyUploadBudget)
        let configuration = EngineConfiguration(
            dailyUploadBudget: budget ?? EngineConfiguration.defaultDailyUploadBudget)
        let engine: ContactsEngine
        do {
            // WAL with synchronous=NORMAL: a committed transaction is in the OS before the
            // response is written, so it survives the process being killed (kill -9).
            engine = try ContactsEngine(
                configuration: configuration, storePath: arguments.option("store"),
                storeOptions: StoreOptions(durability: .normal))
        } catch {
            throw CommandLineError("\(error)")
        }
        let server = JSONRPCServer(methods: ContactsMethods.table(for: engine))
        var input = LineReader(fileDescriptor: STDIN_FILENO, maximumLineBytes: JSONRPCServer.maximumLineBytes)
        try server.serve(input: &input, output: STDOUT_FILENO)
        try engine.close()
    }
}
