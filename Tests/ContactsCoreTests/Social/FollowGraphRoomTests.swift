import Testing

@testable import ContactsSocial

/// `FollowGraph.reserveRoom(forAddingUsers:)`: registering the users room was made for copies
/// no node.
@Suite struct FollowGraphRoomTests {
    @Test func registeringTheUsersRoomWasReservedForGrowsNothing() throws {
        var graph = FollowGraph()
        for user in 0..<UInt32(50) { try graph.registerUser(user, id: "u\(user)") }
        try graph.follow(3, 7, since: 1)
        graph.reserveRoom(forAddingUsers: 200)
        #expect(graph.hasRoom(forAddingUsers: 200))
        let capacity = graph.nodes.capacity
        for user in 50..<UInt32(250) { try graph.registerUser(user, id: "u\(user)") }
        #expect(graph.nodes.capacity == capacity)
        #expect(graph.userCount == 250)
        #expect(graph.isFollowing(3, 7))
        #expect(!graph.hasRoom(forAddingUsers: capacity - 250 + 1))
    }
}
