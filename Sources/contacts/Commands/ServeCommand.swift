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
    static let summary = "the JSON-RPC 2.0 service on stdin/stdout (optionally durable in SQLite or PostgreSQL)"
    static let usage = """
        usage: contacts serve --stdio [--store PATH|URI] [--daily-upload-budget N]

        Answers JSON-RPC 2.0 requests, one per line on stdin, one response per line on stdout,
        in order. Methods: see PROTOCOL §5, or call getServerInfo.

          --stdio                   serve on stdin/stdout (the only transport)
          --store PATH              keep state durable in the SQLite file PATH (created if missing)
          --store URI               keep state durable in PostgreSQL: postgresql://user@host:port/db?...
                                    (libpq's URI syntax, several hosts allowed; PG* variables honoured;
                                    the tables are created on first use); while the database cannot be
                                    reached, changes answer `unavailable` and reads go on
                                    without --store, state lives in memory for this process only
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
            // SQLite: WAL with synchronous=NORMAL, a committed transaction is in the OS before
            // the response is written, so it survives the process being killed (kill -9).
            // PostgreSQL: the server's own durability (synchronous_commit).
            let options = StoreOptions(durability: .normal)
            if let location = arguments.option("store") {
                engine = try ContactsEngine(
                    configuration: configuration, storeLocation: location, storeOptions: options)
            } else {
                engine = try ContactsEngine(configuration: configuration)
            }
        } catch {
            throw CommandLineError("\(error)")
        }
        let server = JSONRPCServer(methods: ContactsMethods.table(for: engine))
        var input = LineReader(fileDescriptor: STDIN_FILENO, maximumLineBytes: JSONRPCServer.maximumLineBytes)
        try server.serve(input: &input, output: STDOUT_FILENO)
        try engine.close()
    }
}
