import Testing
#if BOX2D
import Box2DAdapter
@Test func linksBox2D() { #expect(Box2DEngine().settings["library"] == "Box2D 3.1.1") }
#endif
