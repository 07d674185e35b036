// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ContactsCore",
    products: [
        .library(name: "ContactsCore", targets: ["ContactsCore"]),
        .executable(name: "contacts", targets: ["contacts"]),
        .executable(name: "ContactsBenchmarks", targets: ["ContactsBenchmarks"]),
    ],
    targets: [
        .systemLibrary(
            name: "CXXHash",
            pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"])]
        ),
        .systemLibrary(name: "CPrefetch"),
        .systemLibrary(name: "CXXHashInline"),
        .target(
            name: "CUnicode",
            dependencies: ["CICU"]
        ),
        .target(name: "CBitmap"),
        .target(name: "CPostings"),
        .target(
            name: "ContactsCore",
            dependencies: ["CXXHash", "CXXHashInline", "CSQLite", "CUnicode", "CPrefetch", "CBitmap", "CPostings"]
        ),
        .executableTarget(
            name: "contacts",
            dependencies: ["ContactsCore"]
        ),
        .executableTarget(
            name: "ContactsBenchmarks",
            dependencies: ["ContactsCore"],
            path: "Benchmarks/ContactsBenchmarks"
        ),
        .testTarget(
            name: "ContactsCoreTests",
            dependencies: ["ContactsCore", "contacts"],
            exclude: ["Phone/Fixtures", "VCard/Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
