import MotionEffects
import Testing

@Suite struct RecordedTraceTests {
    @Test func parsesAValidTrace() throws {
        let trace = try RecordedTrace(csv: " time , roll , pitch \r\n0, 0.1, -0.2\r\n\r\n0.5,1e-2,3\n")
        #expect(trace.samples == [
            .init(time: 0, attitude: DeviceAttitude(roll: 0.1, pitch: -0.2)),
            .init(time: 0.5, attitude: DeviceAttitude(roll: 0.01, pitch: 3)),
        ])
    }

    @Test(arguments: [
        ("roll,pitch,time\n0,0,0", TraceParseError.badHeader(row: 1, found: "roll,pitch,time")),
        ("time,roll,pitch\n0,0,0\n1,2\n", .wrongFieldCount(row: 3, expected: 3, found: 2)),
        ("time,roll,pitch\n0,0,0\n1,2,3\n2,0.1,abc", .notANumber(row: 4, column: "pitch", text: "abc")),
        ("time,roll,pitch\n0,nan,0", .nonFinite(row: 2, column: "roll")),
        ("time,roll,pitch\n0,0,0\n\n0,1,1", .timeNotIncreasing(row: 4, time: 0, previous: 0)),
        ("time,roll,pitch\n1,0,0,\n", .wrongFieldCount(row: 2, expected: 3, found: 4)),
        ("time,roll,pitch\n", .noSamples),
        ("\n \n", .empty),
    ])
    func badInputNamesTheRowAndReason(csv: String, expected: TraceParseError) {
        #expect(throws: expected) { try RecordedTrace(csv: csv) }
    }

    @Test func errorDescriptionStartsWithTheRow() {
        let error = TraceParseError.notANumber(row: 4, column: "pitch", text: "abc")
        #expect(error.row == 4)
        #expect(error.description == "row 4: pitch 'abc' is not a number")
    }
}
