// swift-tools-version:6.0
// A player's use of Legible as a versioned dependency. `scripts/consumer-check.sh` builds and runs
// it against a tagged clone of this repository (LEGIBLE_GIT_URL); a real player names Legible's
// published URL.
import PackageDescription

let legible = Context.environment["LEGIBLE_GIT_URL"] ?? "https://github.com/legible-captions/legible.git"

let package = Package(
    name: "PlayerDemo",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: legible, from: "0.1.0"),
    ],
    targets: [
        .executableTarget(name: "PlayerDemo", dependencies: [.product(name: "Legible", package: "legible")]),
    ]
)
