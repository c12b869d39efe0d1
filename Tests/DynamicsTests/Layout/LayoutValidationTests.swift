import Dynamics
import Foundation
import Testing

@Suite struct LayoutValidationTests {
    @Test(arguments: [(-1, 0), (0, -1), (-3, -2), (Int.min, 0)])
    func negativeIndexPathsAreRejected(item: Int, section: Int) {
        #expect(throws: DynamicsError.invalidIndexPath(section: section, item: item)) {
            try LayoutIndexPath(item: item, section: section)
        }
    }

    @Test func decodingRevalidates() throws {
        let valid = try JSONDecoder().decode(LayoutIndexPath.self, from: Data(#"{"section":2,"item":5}"#.utf8))
        #expect(valid == (try path(5, in: 2)))
        #expect(throws: DynamicsError.invalidIndexPath(section: -1, item: 0)) {
            try JSONDecoder().decode(LayoutIndexPath.self, from: Data(#"{"section":-1,"item":0}"#.utf8))
        }
    }

    @Test func indexPathsOrderBySectionThenItem() throws {
        let paths = try [path(3, in: 1), path(0, in: 2), path(9, in: 0), path(1, in: 1)]
        #expect(paths.sorted() == [try path(9, in: 0), try path(1, in: 1), try path(3, in: 1), try path(0, in: 2)])
    }

    @Test func invalidAttributesAreRejected() throws {
        let index = try path(0)
        #expect(throws: DynamicsError.invalidItemSize(Size(width: 0, height: 10))) {
            try LayoutAttributes(indexPath: index, center: .zero, size: Size(width: 0, height: 10))
        }
        #expect(throws: DynamicsError.nonFiniteItemCenter(Point(x: .infinity, y: 0))) {
            try LayoutAttributes(indexPath: index, center: Point(x: .infinity, y: 0), size: Size(width: 10, height: 10))
        }
        let broken = AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(throws: DynamicsError.nonFiniteItemTransform) {
            try LayoutAttributes(indexPath: index, center: .zero, size: Size(width: 10, height: 10), transform: broken)
        }
    }

    @Test func boundingBoxCoversTheRotatedCell() throws {
        let attributes = try LayoutAttributes(indexPath: try path(0), center: Point(x: 10, y: 20),
                                              size: Size(width: 40, height: 20),
                                              transform: AffineTransform(rotationAngle: .pi / 2))
        let box = attributes.boundingBox
        // A quarter turn swaps width and height; the tolerance absorbs cos(π/2) ≈ 6e-17 rounding.
        #expect(abs(box.width - 20) < 1e-12 && abs(box.height - 40) < 1e-12)
        #expect(abs(box.center.x - 10) < 1e-12 && abs(box.center.y - 20) < 1e-12)
        #expect(attributes.frame == Rect(x: -10, y: 10, width: 40, height: 20))
    }
}
