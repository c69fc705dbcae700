// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ChronoSketch",
    products: [
        .executable(name: "ics", targets: ["ics"]),
        .library(name: "ChronoSketchCore", targets: ["ChronoSketchCore"]),
        .library(name: "ChronoSketchICal", targets: ["ChronoSketchICal"]),
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
        .target(name: "ChronoSketchICal", dependencies: ["ChronoSketchCore", "CLibical"]),
        .target(name: "ChronoSketchLayout", dependencies: ["ChronoSketchCore"]),
        .target(
            name: "ChronoSketchCLI",
            dependencies: ["ChronoSketchCore", "ChronoSketchICal", "ChronoSketchLayout"]),
        .executableTarget(name: "ics", dependencies: ["ChronoSketchCLI"]),
        .executableTarget(
            name: "layout-benchmark", dependencies: ["ChronoSketchCore", "ChronoSketchLayout"],
            path: "Benchmarks/LayoutBenchmark"),
        .testTarget(name: "ChronoSketchCoreTests", dependencies: ["ChronoSketchCore"]),
        .testTarget(
            name: "ChronoSketchICalTests", dependencies: ["ChronoSketchICal", "CLibical"]),
        .testTarget(
            name: "ChronoSketchLayoutTests",
            dependencies: ["ChronoSketchLayout", "ChronoSketchICal", "ChronoSketchCLI"]),
        .testTarget(
            name: "ChronoSketchCLITests",
            dependencies: ["ChronoSketchCLI", "ChronoSketchICal", "ChronoSketchLayout"]),
    ]
)
