// AkkordKit: the library's layers as one module for the program and the tests. Each layer is a
// target of its own (Package.swift), so the ladder of README's Development section is the
// compiler's to enforce.
@_exported import AkkordSupport
@_exported import AkkordModel
@_exported import AkkordCatalogue
@_exported import AkkordAccounting
@_exported import AkkordRender
@_exported import AkkordStore
@_exported import AkkordWorkspace
