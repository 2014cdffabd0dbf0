import CLargeBlocks
import Testing

/// The `plumb` tool's operator new and delete (CLargeBlocks): blocks of the
/// threshold or more in mappings of their own, a freed one kept and given
/// to the next block that fits it with at most a quarter to spare, at most
/// the limit's bytes kept. Serialized: each test reads the bytes kept,
/// which the others change (the suite's other tests make no block of 8 MiB).
@Suite(.serialized) struct LargeBlocksTests {
    static let threshold = plumb_large_block_threshold

    @Test func aBlockOfTheThresholdIsMappedAndASmallerOneIsNot() throws {
        let large = try #require(plumb_large_blocks_allocate(Self.threshold))
        let small = try #require(plumb_large_blocks_allocate(Self.threshold - 1))
        #expect(plumb_large_blocks_is_mapped(large) == 1)
        #expect(plumb_large_blocks_is_mapped(small) == 0)
        // Written to its last byte.
        large.storeBytes(of: 7, toByteOffset: Self.threshold - 1, as: UInt8.self)
        plumb_large_blocks_free(small)
        plumb_large_blocks_free(large)
        #expect(plumb_large_blocks_is_mapped(large) == 0)
    }

    @Test func aFreedMappingIsKeptAndTakenByABlockThatFitsIt() throws {
        let keptBefore = plumb_large_blocks_kept()
        let first = try #require(plumb_large_blocks_allocate(Self.threshold + 100_000))
        plumb_large_blocks_free(first)
        let kept = plumb_large_blocks_kept() - keptBefore
        #expect(kept >= Self.threshold + 100_000 && kept < Self.threshold + 200_000)
        // A quarter smaller at most: the same mapping.
        let again = try #require(plumb_large_blocks_allocate(Self.threshold))
        #expect(again == first)
        #expect(plumb_large_blocks_kept() == keptBefore)
        plumb_large_blocks_free(again)
        // More than a quarter smaller than the kept one: a mapping of its own.
        let larger = try #require(plumb_large_blocks_allocate(2 * Self.threshold))
        plumb_large_blocks_free(larger)
        let keptLarger = plumb_large_blocks_kept()
        let other = try #require(plumb_large_blocks_allocate(Self.threshold))
        #expect(other != larger && other == first)
        #expect(plumb_large_blocks_kept() < keptLarger)
        let next = try #require(plumb_large_blocks_allocate(Self.threshold + 1))
        #expect(next != larger && plumb_large_blocks_is_mapped(next) == 1)
        plumb_large_blocks_free(other)
        plumb_large_blocks_free(next)
    }

    @Test func theKeptMappingsStayUnderTheLimit() throws {
        let count = plumb_large_blocks_kept_limit / Self.threshold + 8
        var blocks: [UnsafeMutableRawPointer] = []
        for _ in 0 ..< count { blocks.append(try #require(plumb_large_blocks_allocate(Self.threshold))) }
        for block in blocks { plumb_large_blocks_free(block) }
        let kept = plumb_large_blocks_kept()
        #expect(kept <= plumb_large_blocks_kept_limit)
        #expect(kept > plumb_large_blocks_kept_limit - 2 * Self.threshold)
    }

    /// As operator delete and new must: a null pointer is let go, and a
    /// block of no bytes is a block of its own (from malloc).
    @Test func nullIsFreedAndAZeroByteBlockIsABlock() throws {
        plumb_large_blocks_free(nil)
        let empty = try #require(plumb_large_blocks_allocate(0))
        #expect(plumb_large_blocks_is_mapped(empty) == 0)
        plumb_large_blocks_free(empty)
    }
}
