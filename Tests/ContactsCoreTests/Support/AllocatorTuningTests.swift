import CMalloc
import ContactsSupport
import Testing

/// `AllocatorTuning`: once applied, an allocation of a megabyte comes from an arena rather than
/// a mapping of its own; an operator's own setting of either threshold (by variable or in
/// `GLIBC_TUNABLES`) is left alone.
@Suite struct AllocatorTuningTests {
    static func environment(_ variables: [String: String]) -> (String) -> String? {
        { variables[$0] }
    }

    @Test func aMegabyteComesFromAnArenaOnceApplied() throws {
        #expect(AllocatorTuning.apply(environment: Self.environment([:])))
        #expect(AllocatorTuning.apply(environment: Self.environment(["GLIBC_TUNABLES": "glibc.pthread.rseq=0"])))
        // A chunk glibc maps on its own is rounded up to whole pages; one carved from an arena
        // to 16 bytes.
        let size = 1_000_001
        let block = try #require(malloc(size))
        defer { free(block) }
        #expect(malloc_usable_size(block) < size + 64)
    }

    @Test func anOperatorsSettingIsLeftAlone() {
        let chosen: [[String: String]] = [
            ["MALLOC_TRIM_THRESHOLD_": "1048576"],
            ["MALLOC_MMAP_THRESHOLD_": "65536"],
            ["GLIBC_TUNABLES": "glibc.malloc.trim_threshold=1048576"],
            ["GLIBC_TUNABLES": "glibc.pthread.rseq=0:glibc.malloc.mmap_threshold=65536"],
        ]
        for variables in chosen {
            #expect(AllocatorTuning.operatorChose(Self.environment(variables)), "\(variables)")
            #expect(!AllocatorTuning.apply(environment: Self.environment(variables)), "\(variables)")
        }
        let others: [[String: String]] = [
            [:], ["GLIBC_TUNABLES": "glibc.malloc.arena_max=2"], ["GLIBC_TUNABLES": "glibc.malloc.trim_threshold_x=1"],
            ["MALLOC_ARENA_MAX": "2"],
        ]
        for variables in others {
            #expect(!AllocatorTuning.operatorChose(Self.environment(variables)), "\(variables)")
        }
    }
}
