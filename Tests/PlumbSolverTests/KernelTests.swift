import Testing
import CPlumbKernels

/// The C kernels against straightforward Swift reference code.
@Suite struct KernelTests {
    @Test func transposeMatchesNaive() {
        // 3×4 matrix: rows {0:1, 2:2}, {1:3}, {0:4, 3:5}
        let start: [Int32] = [0, 2, 3, 5]
        let index: [Int32] = [0, 2, 1, 0, 3]
        let values: [Double] = [1, 2, 3, 4, 5]
        var tStart = [Int32](repeating: 0, count: 5)
        var tIndex = [Int32](repeating: 0, count: 5)
        var tValues = [Double](repeating: 0, count: 5)
        plumb_csr_transpose(3, 4, start, index, values, &tStart, &tIndex, &tValues)
        #expect(tStart == [0, 2, 3, 4, 5])
        #expect(tIndex == [0, 2, 1, 0, 2])
        #expect(tValues == [1, 4, 3, 2, 5])
    }

    @Test func matvec() {
        let start: [Int32] = [0, 2, 3]
        let index: [Int32] = [0, 1, 1]
        let values: [Double] = [2, 3, 4]
        var y = [Double](repeating: 0, count: 2)
        plumb_csr_matvec(2, start, index, values, [1, 10], &y)
        #expect(y == [32, 40])
    }

    @Test func denseSolveThroughLAPACKE() {
        // [[2, 1], [1, 3]] x = [3, 5] → x = [0.8, 1.4]; column-major.
        var a: [Double] = [2, 1, 1, 3]
        var b: [Double] = [3, 5]
        var piv = [Int32](repeating: 0, count: 2)
        let info = plumb_dense_solve(2, &a, &b, &piv)
        #expect(info == 0)
        #expect(abs(b[0] - 0.8) < 1e-12 && abs(b[1] - 1.4) < 1e-12)
        let rcond = plumb_dense_rcond(2, a, 4)
        #expect(rcond > 0.1)
    }

    @Test func singularDenseBlockIsReported() {
        var a: [Double] = [1, 2, 2, 4]
        var b: [Double] = [1, 2]
        var piv = [Int32](repeating: 0, count: 2)
        let info = plumb_dense_solve(2, &a, &b, &piv)
        #expect(info > 0)
    }
}
