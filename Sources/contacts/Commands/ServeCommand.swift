import ContactsCore
import ContactsService
import ContactsStore
import ContactsSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `contacts serve --stdio` and `contacts serve --listen HOST:PORT`: the JSON-RPC service on
/// stdin/stdout (PROTOCOL §5) or over HTTP with bearer tokens (§7).
enum ServeCommand: Command {
    static let name = "serve"
    static let summary = "the JSON-RPC 2.0 service on stdin/stdout or over HTTP (durable in SQLite or PostgreSQL)"
    static let usage = """
        usage: contacts serve --stdio [--store PATH|URI] [--daily-upload-budget N]
               contacts serve --listen HOST:PORT --jwt-secret-file F [--jwt-audience A]
                              [--store PATH|URI] [--daily-upload-budget N] [--max-connections N]
                              [--reader-niceness N] [--access-log]

        Answers JSON-RPC 2.0 requests (PROTOCOL §5; methods: call getServerInfo).

          --stdio                   one request per line on stdin, one response per line on stdout,
                                    in order; whoever holds the pipe acts for every user
          --listen HOST:PORT        HTTP/1.1 on HOST:PORT (port 0: any free port; IPv6 as [::1]:PORT):
                                    POST /rpc with a bearer token, GET /healthz, /readyz, /metrics;
                                    prints `listening on http://HOST:PORT` on stderr once bound;
                                    SIGTERM or SIGINT stops it gracefully
          --jwt-secret-file F       the HS256 secret tokens are signed with (the file's bytes, a
                                    trailing newline dropped); required with --listen
          --jwt-audience A          tokens must name A in `aud`
          --max-connections N       connections beyond N are refused (default 1024)
          --reader-niceness N       request threads run N nice steps below the process's priority
                                    (0...19, default 10), and changes on threads of the process's
                                    own, so that a change's work goes first on busy cores (0: all alike)
          --access-log              one line per HTTP request on stderr
          --store PATH              keep state durable in the SQLite file PATH (created if missing)
          --store URI               keep state durable in PostgreSQL: postgresql://user@host:port/db?...
                                    (libpq's URI syntax, several hosts allowed; PG* variables honoured;
                                    the tables are created on first use); while the database cannot be
                                    reached, changes answer `unavailable` and reads go on
                                    without --store, state lives in memory for this process only
          --daily-upload-budget N   new distinct numbers a user may upload per UTC day
                                    (default 50000; 0 = no limit)
        """
    static let flags: Set<String> = ["stdio", "access-log"]
    static let options: Set<String> = [
        "store", "daily-upload-budget", "listen", "jwt-secret-file", "jwt-audience", "max-connections",
        "reader-niceness",
    ]

    static func run(_ arguments: Arguments) throws {
        _ = try arguments.positionals()
        let listen = arguments.option("listen")
        switch (arguments.flag("stdio"), listen) {
        case (true, nil): try serveStdio(arguments)
        case (false, let listen?): try HTTPServing.run(listen: listen, arguments)
        case (true, _?): throw CommandLineError("--stdio and --listen cannot be used together")
        case (false, nil): throw CommandLineError("give a transport: --stdio or --listen HOST:PORT")
        }
    }

    /// The engine configuration from `--daily-upload-budget`.
    static func engineConfiguration(_ arguments: Arguments) throws -> EngineConfiguration {
        let budget = try arguments.integer(
            "daily-upload-budget", in: 0...Int(Int32.max), default: EngineConfiguration.defaultDailyUploadBudget)
        return EngineConfiguration(dailyUploadBudget: budget ?? EngineConfiguration.defaultDailyUploadBudget)
    }

    /// How `serve` opens a store. SQLite: WAL with synchronous=NORMAL, a committed transaction
    /// is in the OS before the response is written, so it survives the process being killed
    /// (kill -9). PostgreSQL: the server's own durability (synchronous_commit).
    static let storeOptions = StoreOptions(durability: .normal)

    /// The engine over `--store` (an SQLite path or a PostgreSQL URI), or in memory without it.
    static func openEngine(configuration: EngineConfiguration, _ arguments: Arguments) throws -> ContactsEngine {
        guard let location = arguments.option("store") else { return try ContactsEngine(configuration: configuration) }
        return try ContactsEngine(configuration: configuration, storeLocation: location, storeOptions: storeOptions)
    }

    private static func serveStdio(_ arguments: Arguments) throws {
        for option in ["jwt-secret-file", "jwt-audience", "max-connections", "reader-niceness"]
        where arguments.option(option) != nil {
            throw CommandLineError("--\(option) is for --listen")
        }
        if arguments.flag("access-log") { throw CommandLineError("--access-log is for --listen") }
        let configuration = try engineConfiguration(arguments)
        let engine: ContactsEngine
        do {
            engine = try openEngine(configuration: configuration, arguments)
        } catch {
            throw CommandLineError("\(error)")
        }
        let server = JSONRPCServer(methods: ContactsMethods.table(for: engine))
        var input = LineReader(fileDescriptor: STDIN_FILENO, maximumLineBytes: JSONRPCServer.maximumLineBytes)
        try server.serve(input: &input, output: STDOUT_FILENO)
        try engine.close()
    }
}
