// swift-tools-version:6.0
import PackageDescription

/// The layers of DESIGN.md, one module each; a module depends only on the layers below it, so
/// the compiler checks the arrows. README "Design" shows the graph.
let package = Package(
    name: "ContactsCore",
    products: [
        .library(name: "ContactsCore", targets: ["ContactsCore"]),
        .library(name: "PhoneNumbers", targets: ["PhoneNumbers"]),
        .library(name: "ContactsService", targets: ["ContactsService"]),
        .library(name: "ContactsClient", targets: ["ContactsClient"]),
        .executable(name: "contacts", targets: ["contacts"]),
        .executable(name: "ContactsBenchmarks", targets: ["ContactsBenchmarks"]),
        .executable(name: "pg-bench", targets: ["pg-bench"]),
        .executable(name: "ContactsClientExample", targets: ["ContactsClientExample"]),
    ],
    targets: [
        // C interop.
        .systemLibrary(name: "CXXHash", pkgConfig: "libxxhash", providers: [.apt(["libxxhash-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CPrefetch"),
        .systemLibrary(name: "CMalloc"),
        .systemLibrary(name: "CXXHashInline"),
        .systemLibrary(name: "CThreadName"),
        .target(name: "CUnicode", dependencies: ["CICU"]),
        .target(name: "CBitmap"),
        .target(name: "CPostings"),
        // Google's libphonenumber (C++, Debian's libphonenumber-dev) behind a C interface: the
        // reference the phone benchmark measures the normalizer against. Only the benchmark
        // links it (and with it the C++ runtime).
        .target(name: "CLibPhoneNumber", linkerSettings: [.linkedLibrary("phonenumber")]),

        // Shared internals: sorted search, varint, binary I/O, bitmap kernel, hashing, locks.
        .target(
            name: "ContactsSupport",
            dependencies: [
                "CXXHash", "CXXHashInline", "CPrefetch", "CMalloc", "CBitmap", "CPostings", "CThreadName",
            ]),
        // PostgreSQL through libpq: connections, bound parameters, pipelines, COPY, LISTEN/NOTIFY.
        .target(name: "PostgreSQLClient", dependencies: ["CLibPQ"]),
        // Phone numbers: the libphonenumber-conformant normalizer (a library product of its own).
        .target(name: "PhoneNumbers"),
        // The domain's value types: contacts and ids.
        .target(name: "ContactsModel", dependencies: ["ContactsSupport", "CPrefetch"]),
        // Structures.
        .target(
            name: "ContactsMatching", dependencies: ["ContactsSupport", "PhoneNumbers", "CPrefetch", "CXXHashInline"]),
        .target(name: "ContactsSocial", dependencies: ["ContactsSupport"]),
        .target(
            name: "ContactsSearch",
            dependencies: ["ContactsSupport", "ContactsModel", "CUnicode", "CBitmap", "CPostings", "CPrefetch"]),
        // The durable store: the `Store` protocol and its SQLite backend.
        .target(name: "ContactsStore", dependencies: ["ContactsSupport", "ContactsModel", "PhoneNumbers", "CSQLite"]),
        // The second backend: the `Store` on PostgreSQL.
        .target(
            name: "ContactsPostgres",
            dependencies: ["ContactsSupport", "ContactsModel", "PhoneNumbers", "ContactsStore", "PostgreSQLClient"]),
        // The facade: the engine, its typed API and domain errors.
        .target(
            name: "ContactsCore",
            dependencies: [
                "ContactsSupport", "ContactsModel", "PhoneNumbers", "ContactsMatching", "ContactsSocial",
                "ContactsSearch", "ContactsStore", "ContactsPostgres", "CPrefetch",
            ]),
        // JSON and the JSON-RPC service above the engine.
        .target(name: "ContactsJSON", dependencies: ["ContactsSupport", "ContactsModel"]),
        .target(name: "ContactsService", dependencies: ["ContactsCore", "ContactsJSON", "ContactsSupport"]),
        // The HTTP transport of PROTOCOL §7: an HTTP/1.1 server (libmicrohttpd), bearer tokens
        // (HS256 over libcrypto), Prometheus metrics, and the service front that joins them.
        .target(name: "ContactsHTTP", dependencies: ["CMicroHTTPD", "ContactsSupport"]),
        .target(name: "ContactsAuth", dependencies: ["CCrypto", "ContactsJSON", "ContactsModel", "ContactsSupport"]),
        .target(name: "ContactsMetrics", dependencies: ["ContactsSupport"]),
        .target(
            name: "ContactsHTTPService",
            dependencies: [
                "ContactsHTTP", "ContactsAuth", "ContactsMetrics", "ContactsService", "ContactsCore", "ContactsStore",
                "ContactsJSON",
                "ContactsSupport",
            ]),
        // The Swift client of PROTOCOL §9: the SDK's surface over §7's HTTP (Foundation and
        // FoundationNetworking only, no engine module), and its samples as a program.
        .target(name: "ContactsClient"),
        .executableTarget(name: "ContactsClientExample", dependencies: ["ContactsClient"]),
        // Inputs: vCard import and the fixture generator (outside the library products).
        .target(name: "ContactsVCard", dependencies: ["ContactsSupport", "ContactsModel"]),
        .target(
            name: "ContactsFixtures",
            dependencies: ["ContactsSupport", "ContactsModel", "ContactsJSON", "PhoneNumbers"]),
        // Transports and the command line.
        .executableTarget(
            name: "contacts",
            dependencies: [
                "ContactsCore", "ContactsService", "ContactsJSON", "ContactsSearch", "ContactsVCard",
                "ContactsFixtures", "ContactsSupport", "ContactsModel", "PhoneNumbers", "ContactsStore",
                "ContactsPostgres", "ContactsHTTPService", "ContactsAuth",
            ]),
        .executableTarget(
            name: "ContactsBenchmarks",
            dependencies: [
                "ContactsCore", "ContactsService", "ContactsJSON", "ContactsSearch", "ContactsMatching",
                "ContactsSocial", "ContactsStore", "ContactsFixtures", "ContactsSupport", "ContactsModel",
                "PhoneNumbers", "CSQLite", "CLibPhoneNumber", "ContactsPostgres", "PostgreSQLClient",
            ],
            path: "Benchmarks/ContactsBenchmarks"
        ),
        .executableTarget(name: "pg-bench", dependencies: ["PostgreSQLClient"], path: "Benchmarks/pg-bench"),
        // What the test targets share: child processes that leak no descriptor to each other.
        .target(name: "ContactsTestSupport", dependencies: ["ContactsSupport"], path: "Tests/ContactsTestSupport"),
        .testTarget(
            name: "ContactsCoreTests",
            dependencies: [
                "ContactsTestSupport",
                "ContactsCore", "ContactsService", "ContactsJSON", "ContactsSearch", "ContactsMatching",
                "ContactsSocial", "ContactsStore", "ContactsFixtures", "ContactsSupport", "ContactsModel",
                "ContactsVCard", "PhoneNumbers", "contacts", "CBitmap", "CPostings", "CXXHash", "CSQLite", "CMalloc",
                "ContactsPostgres", "PostgreSQLClient", "ContactsHTTP", "ContactsAuth", "ContactsMetrics",
                "ContactsHTTPService",
            ],
            exclude: ["Phone/Fixtures", "VCard/Fixtures"]
        ),
        // The client against scripted answers and against a real `contacts serve --listen`
        // (built beside the tests, as is the example it runs).
        .testTarget(
            name: "ContactsClientTests",
            dependencies: ["ContactsClient", "ContactsClientExample", "contacts", "ContactsTestSupport"]),
    ],
    swiftLanguageModes: [.v6],
    // The C++ standard of CLibPhoneNumber (the only C++ target), pinned rather than left to the
    // compiler's default.
    cxxLanguageStandard: .cxx17
)
