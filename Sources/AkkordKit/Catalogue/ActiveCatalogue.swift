import AkkordModel

/// The catalogue commands work against: the store's imported one, else the bundled sample.
public struct ActiveCatalogue: Sendable {
    public enum Source: Equatable, Sendable {
        case bundled
        case imported(path: String)
    }
    public let catalogue: Catalogue
    public let source: Source

    public init(catalogue: Catalogue, source: Source) { self.catalogue = catalogue; self.source = source }
}
