import ContactsSupport

extension SQLiteStore {
    /// ``open(path:options:)`` with a given schema history (tests use it to check
    /// migrations with a fake newer version).
    package static func open(path givenPath: String, options: StoreOptions, schema: StoreSchema)
        throws(StoreError) -> SQLiteStore
    {
        // Absolute, so that SQLite never reads a name as special (":memory:", "file:" URIs).
        let path =
            givenPath.hasPrefix("/")
            ? givenPath : FileSystem.currentDirectory + "/" + givenPath
        let header = try StoreFileHeader.inspect(path: path)
        // A zero application_id may be a new store whose first page is still only in its
        // write-ahead log: SQLite's own view decides that case below.
        if case .sqlite(let applicationID, let userVersion) = header, applicationID != 0 {
            try checkOwnership(
                path: path, applicationID: applicationID, userVersion: userVersion,
                isEmptyDatabase: false, schema: schema)
        }
        try checkWritable(path: path, fileExists: header != .missing)
        let connection = try SQLiteConnection.open(
            path: path, mode: header == .missing ? .readWriteCreate : .readWrite)
        do {
            let nextSequence = try prepare(connection, options: options, schema: schema)
            return SQLiteStore(
                path: path, options: options, connection: connection,
                nextSearchSequence: nextSequence)
        } catch {
            try? connection.close()
            if header == .missing {
                // The file did not exist before: leave no half-made store behind.
                for file in [path, path + "-wal", path + "-journal"] {
                    FileSystem.remove(file)
                }
            }
            throw error
        }
    }

    /// Refuses a database of another application, or of a newer schema.
    private static func checkOwnership(
        path: String, applicationID: Int32, userVersion: Int, isEmptyDatabase: Bool,
        schema: StoreSchema
    ) throws(StoreError) {
        if applicationID != StoreSchema.applicationID && !(applicationID == 0 && isEmptyDatabase) {
            let owner =
                applicationID == 0
                ? "it has no application_id"
                : "its application_id is 0x\(String(UInt32(bitPattern: applicationID), radix: 16))"
            throw StoreError.notOurs(
                path: path, detail: "an SQLite database of another application: \(owner)")
        }
        if userVersion > schema.version {
            throw StoreError.newerSchema(path: path, found: userVersion, supported: schema.version)
        }
    }

    /// Refuses a file or directory the OS will not let us write (SQLite would otherwise
    /// open the file read-only, or fail later creating its write-ahead log).
    private static func checkWritable(path: String, fileExists: Bool) throws(StoreError) {
        let directory = FileSystem.parentDirectory(of: path)
        let parent = directory.isEmpty ? "." : directory
        if !FileSystem.isWritable(parent) {
            throw StoreError.readOnly(
                path: path,
                detail: "the directory \(parent) is not writable; SQLite keeps its write-ahead log beside the file")
        }
        if fileExists && !FileSystem.isWritable(path) {
            throw StoreError.readOnly(path: path, detail: "the file is not writable")
        }
    }

    /// Checks the opened database, then switches it to WAL, sets the pragmas and migrates
    /// it. Nothing is written until every check has passed.
    ///
    /// - Returns: the sequence number for the next recorded search.
    private static func prepare(
        _ connection: SQLiteConnection, options: StoreOptions, schema: StoreSchema
    ) throws(StoreError) -> Int64 {
        let path = connection.path
        if connection.isReadOnly {
            throw StoreError.readOnly(path: path, detail: "the file cannot be opened for writing")
        }
        try connection.setBusyTimeout(milliseconds: options.busyTimeoutMilliseconds)
        // Before the first read, so that SQLite takes and keeps an exclusive lock and keeps
        // the WAL index in private memory (no -shm file).
        try connection.execute("PRAGMA locking_mode = EXCLUSIVE")
        let applicationID = Int32(truncatingIfNeeded: try connection.integer("PRAGMA application_id"))
        let userVersion = Int(try connection.integer("PRAGMA user_version"))
        let objects = try connection.integer("SELECT count(*) FROM sqlite_schema")
        let isEmpty = applicationID == 0 && userVersion == 0 && objects == 0
        try checkOwnership(
            path: path, applicationID: applicationID, userVersion: userVersion,
            isEmptyDatabase: isEmpty, schema: schema)

        let journalMode = try connection.text("PRAGMA journal_mode = WAL")
        guard journalMode.lowercased() == "wal" else {
            throw StoreError.failed(
                path: path, code: 0, detail: "SQLite refused WAL mode (journal mode \(journalMode))")
        }
        switch options.durability {
        case .full: try connection.execute("PRAGMA synchronous = FULL")
        case .normal: try connection.execute("PRAGMA synchronous = NORMAL")
        }
        try connection.execute("PRAGMA cache_size = -\(max(0, options.cacheKibibytes))")
        try connection.execute("PRAGMA mmap_size = \(max(0, options.memoryMapMebibytes) << 20)")
        try migrate(connection, schema: schema, isEmpty: isEmpty)
        return try connection.integer("SELECT coalesce(max(seq), 0) + 1 FROM recent_searches")
    }

    /// Brings the schema to `schema.version` in one transaction (see ``StoreSchema``).
    private static func migrate(
        _ connection: SQLiteConnection, schema: StoreSchema, isEmpty: Bool
    ) throws(StoreError) {
        try connection.inTransaction { () throws(StoreError) in
            // Read again under the write lock: the authoritative version.
            let version = Int(try connection.integer("PRAGMA user_version"))
            if version > schema.version {
                throw StoreError.newerSchema(path: connection.path, found: version, supported: schema.version)
            }
            guard version < schema.version else { return }
            for migration in schema.migrations[version...] {
                try migration.apply(connection)
            }
            try connection.execute("PRAGMA user_version = \(schema.version)")
            if isEmpty {
                try connection.execute("PRAGMA application_id = \(StoreSchema.applicationID)")
            }
        }
    }
}
