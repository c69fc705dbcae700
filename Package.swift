// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ChronoSketch",
    products: [
        .executable(name: "ics", targets: ["ics"]),
        .library(name: "ChronoSketchCore", targets: ["ChronoSketchCore"]),
        .library(name: "ChronoSketchSyntax", targets: ["ChronoSketchSyntax"]),
        .library(name: "ChronoSketchEvents", targets: ["ChronoSketchEvents"]),
        .library(name: "ChronoSketchFormats", targets: ["ChronoSketchFormats"]),
        .library(name: "ChronoSketchLayout", targets: ["ChronoSketchLayout"]),
        .library(name: "ChronoSketchCLI", targets: ["ChronoSketchCLI"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibical",
            path: "Modules/CLibical",
            pkgConfig: "libical",
            providers: [.apt(["libical-dev"])]
        ),
        .target(name: "ChronoSketchCore"),
        .target(name: "ChronoSketchSyntax", dependencies: ["ChronoSketchCore"]),
        .target(
            name: "ChronoSketchEvents",
            dependencies: ["ChronoSketchCore", "ChronoSketchSyntax", "CLibical"]),
        .target(
            name: "ChronoSketchFormats",
            dependencies: ["ChronoSketchCore", "ChronoSketchSyntax", "ChronoSketchEvents"]),
        .target(name: "ChronoSketchLayout", dependencies: ["ChronoSketchCore"]),
        .target(
            name: "ChronoSketchCLI",
            dependencies: [
                "ChronoSketchCore", "ChronoSketchSyntax", "ChronoSketchEvents",
                "ChronoSketchFormats", "ChronoSketchLayout",
            ]),
        .executableTarget(name: "ics", dependencies: ["ChronoSketchCLI"]),
        .executableTarget(
            name: "library-example",
            dependencies: [
                "ChronoSketchCore", "ChronoSketchSyntax", "ChronoSketchEvents",
                "ChronoSketchFormats", "ChronoSketchLayout",
            ],
            path: "Examples/LibraryExample"),
        .executableTarget(
            name: "layout-benchmark", dependencies: ["ChronoSketchCore", "ChronoSketchLayout"],
            path: "Benchmarks/LayoutBenchmark"),
        // Where the shared corpus of real calendars is, for the test targets that read it.
        .target(name: "TestCorpus", path: "Tests/TestCorpus"),
        // Fixtures, calendar builders and zone helpers the module tests share.
        .target(
            name: "TestSupport",
            dependencies: [
                "ChronoSketchCore", "ChronoSketchSyntax", "ChronoSketchEvents",
                "ChronoSketchFormats", "TestCorpus",
            ],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "ChronoSketchCoreTests", dependencies: ["ChronoSketchCore", "TestSupport"]),
        .testTarget(
            name: "ChronoSketchSyntaxTests",
            dependencies: [
                "ChronoSketchSyntax", "ChronoSketchEvents", "ChronoSketchFormats", "TestSupport",
                "TestCorpus",
            ]),
        .testTarget(
            name: "ChronoSketchEventsTests",
            dependencies: [
                "ChronoSketchSyntax", "ChronoSketchEvents", "ChronoSketchFormats", "CLibical",
                "TestSupport", "TestCorpus",
            ]),
        .testTarget(
            name: "ChronoSketchFormatsTests",
            dependencies: [
                "ChronoSketchSyntax", "ChronoSketchEvents", "ChronoSketchFormats", "TestSupport",
                "TestCorpus",
            ]),
        .testTarget(
            name: "ChronoSketchLayoutTests",
            dependencies: [
                "ChronoSketchLayout", "ChronoSketchSyntax", "ChronoSketchEvents",
                "ChronoSketchFormats", "ChronoSketchCLI", "TestSupport", "TestCorpus",
            ]),
        .testTarget(
            name: "ChronoSketchCLITests",
            dependencies: [
                "ChronoSketchCLI", "ChronoSketchSyntax", "ChronoSketchEvents",
                "ChronoSketchFormats", "ChronoSketchLayout", "TestSupport", "TestCorpus",
            ]),
    ]
)
