import Testing

@testable import ContactsCore
