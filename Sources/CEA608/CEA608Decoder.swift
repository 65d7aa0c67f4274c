public import TimedText

extension DiagnosticCode {
    /// Warning: bytes failed the odd-parity check; dropped (one diagnostic each), or decoded from
    /// their 7 data bits and reported once at the end when `dropsParityErrors` is off.
    public static let cea608ParityError: Self = "cea608.parity-error"
    /// Warning: characters were sent past the last column of a row and overwrote its last cell;
    /// reported once a row.
    public static let cea608ColumnOverflow: Self = "cea608.column-overflow"
    /// Warning: a pair with no meaning in CEA-608 (or XDS data in field 1); ignored.
    public static let cea608UnassignedCode: Self = "cea608.unassigned-code"
    /// Info: a caption was erased by `stuckCaptionTimeout` because the channel sent no more data.
    public static let cea608StuckCaption: Self = "cea608.stuck-caption"
    /// A pop-on caption loaded into the non-displayed memory and never shown (no EOC follows).
    public static let cea608NeverDisplayed: Self = "cea608.never-displayed"
}

/// A streaming CEA-608 caption decoder for one channel: fed the byte pairs of one field in order,
/// each with the time of its frame, it keeps the two caption memories as CEA-608-E describes them
/// and reports each caption that appears on screen as a `CEA608Caption`.
///
/// What it does with the stream (CEA-608-E Annex F unless said otherwise):
/// - **Parity.** Each byte has odd parity. Unless `dropsParityErrors` is off, a control pair (first byte `0x10`–`0x1F`) with a parity
///   error in either byte is dropped, since acting on a damaged command is worse than missing it
///   (its redundant repeat, sent next, then takes effect). In a character pair each byte is checked
///   on its own and a damaged one is dropped. Each drop is a `cea608.parity-error` diagnostic.
/// - **Doubling.** Control codes (preamble address, mid-row and miscellaneous codes, tab offsets,
///   and the special and extended characters, sent the same way) are transmitted twice; a pair
///   identical to the control pair just before it in the field is the redundant copy and is
///   ignored, however long after it comes. Any other pair of the field between them (a character,
///   another code, a code or character of the other data channel, XDS data) makes the repeat a new
///   command; padding does not, unless `paddingEndsRedundancy` is set (as `SCCReader` does). A
///   copy that was ignored is not the first of a new pair: a third identical pair acts again.
/// - **Channels.** A control code's first byte says which data channel (`0x10`–`0x17`: 1,
///   `0x18`–`0x1F`: 2) it and the characters after it belong to; pairs for the other channel are
///   skipped. TR and RTD switch the data channel to text mode (T1–T4) until RCL, RDC, RU2–RU4 or
///   EOC; text-mode data is skipped. In field 2, pairs whose first byte is `0x01`–`0x0F` start or
///   continue Extended Data Services packets, whose data is skipped up to the next control code.
/// - **Memories.** Pop-on (RCL) loads the non-displayed memory and EOC swaps the two; roll-up
///   (RU2–RU4) and paint-on (RDC) write into displayed memory. A roll-up code received in pop-on or
///   paint-on mode erases both memories; a smaller roll-up depth erases the rows above the new
///   window; RCL and RDC erase nothing. In roll-up mode a preamble address code moves the window
///   to its row (the base row; 15 until one is received) and CR scrolls the window up one row.
/// - **Cursor.** It starts at row 15, column 0 (the standard leaves the position before the first
///   preamble address code open). It does not move past column 32: each character received there
///   replaces the one in column 32 (a `cea608.column-overflow` diagnostic, once for each row
///   written). Mid-row codes take a cell, shown as a space; the optional background and foreground
///   attributes are not implemented, which the standard allows (the space sent before each for
///   such decoders stays); the transparent space leaves its cell empty.
///
/// When a caption starts and ends follows the conventions of the ttconv suite, which the standard
/// does not fix:
/// - pop-on: it starts at the EOC that shows it and ends at the EDM or EOC that removes it;
/// - roll-up: each CR starts a new caption (the rows after the scroll, with the text then written);
///   an RU code starts one when it erased nothing; after the screen was erased the next caption
///   starts with the preamble address code or character that writes it;
/// - paint-on: each preamble address code starts a new caption; otherwise the first character
///   written to an empty screen does;
/// - a caption still on screen at the end has no end, unless `stuckCaptionTimeout` is set: then a
///   caption ends that long after the channel's last data (CTA-608-E's 16 s).
public struct CEA608Decoder: Sendable {
    /// How the decoder treats damaged or ending streams.
    public struct Options: Sendable {
        /// Erase a caption this long after the last data for the channel; nil keeps captions up
        /// until they are erased or replaced.
        public var stuckCaptionTimeout: MediaTime?
        /// Drop what fails the parity check (true), or decode the 7 data bits of such bytes all
        /// the same and report them once, when the finish comes (false). Parity guards line 21
        /// against transmission errors; in a file, where nothing was transmitted, a wrong parity
        /// bit is an authoring slip over intact data, so `SCCReader` turns dropping off.
        public var dropsParityErrors: Bool
        /// Report stream damage (parity errors, unassigned codes). A reader that runs one decoder
        /// per channel over the same bytes turns it off for all but one.
        public var reportsStreamErrors: Bool
        /// Whether padding (a pair of null bytes, `80 80`) between a control code and an identical
        /// pair makes the second a new command (true) or leaves it the redundant copy (false).
        ///
        /// CEA-608-E (Annex D, D.2) sends each control code twice and has a decoder ignore the
        /// copy; the FCC's decoder rule (47 CFR 15.119(i)(4), now 79.101) says where it is: "If the
        /// first transmission of a control code pair passes parity, it is acted upon within one
        /// video frame. If the next frame contains a perfect repeat of the same pair, the redundant
        /// code is ignored." On line 21 each frame carries one pair of each field, padding when
        /// there is nothing to send, so a repeat after padding did not come in the next frame:
        /// true suits pairs that are frames of line 21, as an SCC file's are (`SCCReader` sets it).
        /// In a video's `cc_data` (ATSC A/53, what `CCDataDecoder` reads) the pairs are not one a
        /// frame: at 24000/1001 fps a picture stands for two or three fields of 30000/1001 video
        /// and carries one or two pairs of each field, and the slots a picture does not fill hold
        /// padding, which can then fall between the two copies of a code that line 21 sends in
        /// consecutive frames. False, the default, passes over such padding, as FFmpeg's decoder
        /// does (it never gets to see padding).
        public var paddingEndsRedundancy: Bool

        /// The defaults suit a broadcast stream: no timeout, parity errors dropped, damage reported,
        /// padding not counted between the two copies of a control code.
        public init(stuckCaptionTimeout: MediaTime? = nil, dropsParityErrors: Bool = true, reportsStreamErrors: Bool = true,
                    paddingEndsRedundancy: Bool = false) {
            self.stuckCaptionTimeout = stuckCaptionTimeout
            self.dropsParityErrors = dropsParityErrors
            self.reportsStreamErrors = reportsStreamErrors
            self.paddingEndsRedundancy = paddingEndsRedundancy
        }

        /// No stuck-caption timeout, parity errors dropped, stream damage reported, padding not
        /// counted between the two copies of a control code.
        public static let `default` = Options()
        /// CTA-608-E's stuck-caption timeout: 16 seconds.
        public static let standardStuckCaptionTimeout = MediaTime(seconds: 16)
    }

    /// The channel this decoder follows; the caller feeds it the pairs of `channel.field`.
    public let channel: CEA608Channel
    /// `channel.dataChannel`, which every pair is checked against.
    private let dataChannel: Int
    /// How the decoder treats damaged data and stuck captions.
    public var options: Options
    /// The captions taken off screen so far, in order (see `drainCaptions()` for live use).
    public private(set) var captions: [CEA608Caption] = []
    private var log = DiagnosticLog()

    // The stream.
    private var lastControlPair: UInt16?
    private var currentDataChannel = 1
    private var textMode = false
    private var inXDS = false
    private var lastActivity: CEA608PairTime?
    private var lastTime: CEA608PairTime?
    private var keptParityErrors = 0
    private var firstKeptParityError: (location: SourceLocation?, byte1: UInt8, byte2: UInt8)?

    // The caption state.
    private var mode: CEA608CaptionMode = .popOn {
        didSet { isPopOn = mode == .popOn }
    }
    /// `mode == .popOn`, kept for `write`, which asks for every character.
    private var isPopOn = true
    /// The two memories, in place: EOC flips `displayedIndex` rather than swapping 4 KB of cells.
    /// Two stored properties, not an array of two: the accessors below then hand out the memory
    /// itself, where a subscript with a computed index copied its 2 KB out and back.
    private var memory0 = CEA608Memory()
    private var memory1 = CEA608Memory()
    private var displayedIndex = 0
    /// Whether text was written into the non-displayed memory (in pop-on mode) since an EOC last
    /// showed it or an ENM erased it. What EOC swaps out (the caption that was on screen) is not
    /// a caption still waiting to be shown: broadcasts often load the next one over it without ENM.
    private var loadedSinceShown = false
    private var cursorRow = 15
    /// 0...32: 32 is past the last column (a character received there goes into column 31).
    private var cursorColumn = 0
    private var pen = CEA608Style.plain {
        didSet { penBits = PackedCell.pack(pen) }
    }
    /// `pen` as packed-cell bits, kept for `write`.
    private var penBits = PackedCell.pack(CEA608Style.plain)
    private var baseRow = 15
    private var overflowReported = false
    private var open: (start: CEA608PairTime, mode: CEA608CaptionMode, location: SourceLocation?)?

    /// A decoder for `channel` in its power-on state: pop-on mode, both memories empty, cursor at
    /// row 15, column 0.
    public init(channel: CEA608Channel, options: Options = .default) {
        self.channel = channel
        self.dataChannel = channel.dataChannel
        self.options = options
    }

    /// Everything the decoder had to say about the stream so far.
    public var diagnostics: [Diagnostic] { log.finished() }

    /// The diagnostics with their counts, for a reader to merge into its own log.
    var diagnosticLog: DiagnosticLog { log }

    /// The caption on screen now, if any (its `end` is nil).
    public var currentCaption: CEA608Caption? {
        guard let open else { return nil }
        var decoder = self
        return CEA608Caption(start: open.start.mediaTime, end: nil, channel: channel, mode: open.mode,
                             packedRows: decoder.displayedRows(), location: open.location)
    }

    /// Returns the captions completed since the last call and forgets them.
    public mutating func drainCaptions() -> [CEA608Caption] {
        defer { captions.removeAll(keepingCapacity: true) }
        return captions
    }

    /// Decodes one byte pair (with parity bits, as transmitted) of the frame at `time`; a time
    /// earlier than the previous pair's is taken as that one. `location` is where the pair was
    /// read, for diagnostics.
    public mutating func feed(_ byte1: UInt8, _ byte2: UInt8, at time: MediaTime, location: SourceLocation? = nil) {
        feed(byte1, byte2, at: CEA608PairTime(time), location: location)
    }

    /// `feed(_:_:at:location:)` with the time as ticks (see `CEA608PairTime`).
    mutating func feed(_ byte1: UInt8, _ byte2: UInt8, at time: CEA608PairTime, location: SourceLocation?) {
        // A stream does not go back in time: a pair stamped earlier than the one before it is
        // taken to arrive with it.
        var time = time
        if let last = lastTime, time < last { time = last }
        lastTime = time
        if options.stuckCaptionTimeout != nil { expireStuckCaption(before: time) }
        // Padding: `80 80`, or `00 00` as some networks send it (without parity bits, not worth a
        // parity error). Whether it separates a control code from its copy is the options' to say.
        if byte1 & 0x7F == 0 && byte2 & 0x7F == 0 {
            if options.paddingEndsRedundancy { lastControlPair = nil }
            return
        }
        var first = byte1 & 0x7F
        var second = byte2 & 0x7F
        let firstValid = CEA608Parity.isValid(byte1)
        let secondValid = CEA608Parity.isValid(byte2)
        if (!firstValid || !secondValid) && !options.dropsParityErrors {
            // A null byte without its parity bit (`00`) is padding all the same: not worth a word.
            let count = (firstValid || byte1 == 0 ? 0 : 1) + (secondValid || byte2 == 0 ? 0 : 1)
            if count > 0 {
                if keptParityErrors == 0 { firstKeptParityError = (location, byte1, byte2) }
                keptParityErrors += count
            }
        } else if !firstValid || !secondValid {
            if first >= 0x01 && first <= 0x1F {
                reportStream(.cea608ParityError, "parity error in the control pair \(hex(byte1))\(hex(byte2)); pair ignored",
                             at: location)
                lastControlPair = nil
                return
            }
            if !firstValid {
                reportStream(.cea608ParityError, "parity error in the byte \(hex(byte1)); character ignored", at: location)
                first = 0
            }
            if !secondValid {
                reportStream(.cea608ParityError, "parity error in the byte \(hex(byte2)); character ignored", at: location)
                second = 0
            }
        }
        // Most pairs are one or two standard characters: the `.characters` case below, taken before
        // the pair is classified.
        if first >= 0x20 && (second == 0 || second >= 0x20) {
            lastControlPair = nil
            guard !inXDS, currentDataChannel == dataChannel, !textMode else { return }
            lastActivity = time
            if let scalar = CEA608Characters.standard(first) { write(scalar, at: time, location: location) }
            if second != 0, let scalar = CEA608Characters.standard(second) { write(scalar, at: time, location: location) }
            return
        }
        let code = CEA608Code(first, second)
        if code.isControl {
            let pair = UInt16(first) << 8 | UInt16(second)
            if lastControlPair == pair {
                lastControlPair = nil
                if code.dataChannel == dataChannel { lastActivity = time }
                return
            }
            lastControlPair = pair
        } else {
            lastControlPair = nil
        }
        switch code {
        case .padding:
            // Both bytes of a character pair dropped for parity: a pair was sent, not padding.
            return
        case .xds:
            if channel.field == 2 {
                inXDS = true
            } else {
                reportStream(.cea608UnassignedCode,
                             "the pair \(hex(byte1))\(hex(byte2)) is Extended Data Services data, which only field 2 carries; ignored",
                             at: location)
            }
            return
        case .characters(let a, let b):
            guard !inXDS, currentDataChannel == dataChannel, !textMode else { return }
            lastActivity = time
            if a != 0, let scalar = CEA608Characters.standard(a) { write(scalar, at: time, location: location) }
            if b != 0, let scalar = CEA608Characters.standard(b) { write(scalar, at: time, location: location) }
            return
        case .unassigned(let a, let b):
            reportStream(.cea608UnassignedCode, "the pair \(hex(byte1))\(hex(byte2)) has no meaning in CEA-608; ignored",
                         at: location)
            if (0x10...0x1F).contains(a) {
                inXDS = false
                currentDataChannel = code.dataChannel ?? currentDataChannel
            } else if a >= 0x20 && b != 0 {
                // A character followed by a byte below 0x20: keep the character.
                guard !inXDS, currentDataChannel == dataChannel, !textMode else { return }
                lastActivity = time
                if let scalar = CEA608Characters.standard(a) { write(scalar, at: time, location: location) }
            }
            return
        default:
            inXDS = false
            currentDataChannel = code.dataChannel ?? currentDataChannel
            guard currentDataChannel == dataChannel else { return }
            lastActivity = time
            control(code, at: time, location: location)
        }
    }

    /// Decodes the byte pairs of one SCC line, pair k at frame `firstFrame + k` and read at
    /// column `words[k].column` of line `line`: the same as feeding each pair in turn, which it
    /// does for every pair but the most common kind. Most of a file is pairs of standard
    /// characters going into the caption being written; when writing them is all that feeding
    /// them would do (`writeStandardCharacters`), they are written here, without the call and
    /// the time and location each would cost.
    mutating func feed(_ words: UnsafeBufferPointer<SCCLine.Word>, firstFrame: Int64, line: Int) {
        // The stuck-caption timeout looks at the time of every pair: no shortcut then.
        let takesShortcut = options.stuckCaptionTimeout == nil
        for k in words.indices {
            let word = words[k]
            let time = CEA608PairTime.frame(firstFrame + Int64(k))
            if takesShortcut && writeStandardCharacters(word.pair, at: time) { continue }
            feed(word.byte1, word.byte2, at: time, location: SourceLocation(line: line, column: Int(word.column)))
        }
    }

    /// When feeding `pair` at `time` would only write standard characters into the caption being
    /// written (or ignore them, for another channel or mode), does what feeding it does and
    /// returns true; otherwise (a parity error, a code, a time before the last, a cursor that
    /// would reach the row's end, a caption that the characters would start) changes nothing and
    /// returns false.
    @inline(__always) private mutating func writeStandardCharacters(_ pair: UInt16, at time: CEA608PairTime) -> Bool {
        let byte1 = UInt8(truncatingIfNeeded: pair >> 8)
        let byte2 = UInt8(truncatingIfNeeded: pair)
        let first = byte1 & 0x7F
        let second = byte2 & 0x7F
        guard first >= 0x20 && (second == 0 || second >= 0x20),
              CEA608Parity.isValid(byte1) && CEA608Parity.isValid(byte2) else { return false }
        if let last = lastTime, time < last { return false }
        if !inXDS && currentDataChannel == dataChannel && !textMode {
            let column = cursorColumn
            let count = second == 0 ? 1 : 2
            guard column + count <= CEA608Memory.columnCount, isPopOn || open != nil else { return false }
            let row = cursorRow
            let style = penBits
            setWrittenCell(row: row, column: column, PackedCell.pack(CEA608Characters.standard(first), styleBits: style))
            if second != 0 {
                setWrittenCell(row: row, column: column + 1, PackedCell.pack(CEA608Characters.standard(second), styleBits: style))
            }
            cursorColumn = column + count
            lastActivity = time
        }
        lastControlPair = nil
        lastTime = time
        return true
    }

    /// Ends the input at `time` (or at an unknown time): the caption on screen is kept with no end,
    /// or, with a stuck-caption timeout, ends that long after the channel's last data.
    public mutating func finish(at time: MediaTime? = nil) {
        if keptParityErrors > 0, let first = firstKeptParityError {
            let count = keptParityErrors
            let message = "\(count) byte\(count == 1 ? "" : "s") failed the odd-parity check, the first in the pair \(hex(first.byte1))\(hex(first.byte2)); decoded from \(count == 1 ? "its" : "their") 7 data bits"
            reportStream(.cea608ParityError, message, at: first.location)
            keptParityErrors = 0
        }
        if let timeout = options.stuckCaptionTimeout, let last = lastActivity, open != nil {
            let expiry = last.mediaTime + timeout
            if time.map({ !($0 < expiry) }) ?? true {
                expire(at: CEA608PairTime(expiry))
            }
        }
        if let open {
            if !displayedIsEmpty {
                captions.append(CEA608Caption(start: open.start.mediaTime, end: nil, channel: channel, mode: open.mode,
                                              packedRows: displayedRows(), location: open.location))
            }
            self.open = nil
        }
        // Text loaded for a pop-on caption that no EOC ever shows: by CEA-608 it never reaches the
        // screen, but its author surely meant it to.
        let loadedIsEmpty = displayedIndex == 0 ? memory1.isEmpty : memory0.isEmpty
        if isPopOn && loadedSinceShown && !loadedIsEmpty {
            log.report(.warning, .cea608NeverDisplayed,
                       "\(channel.rawValue): a caption was loaded into the non-displayed memory but never shown: no end-of-caption (EOC) follows it",
                       at: nil)
        }
    }

    // MARK: - Control codes

    private mutating func control(_ code: CEA608Code, at time: CEA608PairTime, location: SourceLocation?) {
        if case .command(_, let command) = code {
            self.command(command, at: time, location: location)
            return
        }
        guard !textMode else { return }
        switch code {
        case .preamble(_, let preamble):
            preambleAddress(preamble, at: time, location: location)
        case .midRow(_, let midRow):
            pen.underline = midRow.underline
            pen.flash = false
            if let color = midRow.color {
                pen.color = color
                pen.italic = false
            } else {
                pen.italic = true
            }
            write(" ", at: time, location: location)
        case .tabOffset(_, let columns):
            cursorColumn = min(cursorColumn + columns, CEA608Memory.columnCount - 1)
        case .special(_, let byte):
            // 0x39, the transparent space, leaves the cell empty.
            write(byte == 0x39 ? nil : CEA608Characters.special(byte), at: time, location: location)
        case .extended(_, let set, let byte):
            // CEA-608-E §6.4.2: the extended character replaces the standard one sent before it.
            if cursorColumn > 0 { cursorColumn -= 1 }
            write(CEA608Characters.extended(set: set, byte), at: time, location: location)
        case .background, .foregroundBlack, .characterSet:
            break
        default:
            break
        }
    }

    private mutating func command(_ command: CEA608Command, at time: CEA608PairTime, location: SourceLocation?) {
        switch command {
        case .tr, .rtd:
            textMode = true
            return
        case .rcl, .rdc, .ru2, .ru3, .ru4, .eoc:
            textMode = false
        case .edm, .enm:
            break
        default:
            guard !textMode else { return }
        }
        switch command {
        case .rcl:
            mode = .popOn
        case .rdc:
            mode = .paintOn
        case .ru2, .ru3, .ru4:
            rollUp(rows: Int(command.rawValue - 0x23), at: time, location: location)
        case .eoc:
            mode = .popOn
            close(at: time)
            displayedIndex ^= 1
            loadedSinceShown = false
            if !displayedIsEmpty { open = (time, .popOn, location) }
        case .edm:
            close(at: time)
            modifyMemory(displayed: true) { $0.erase() }
        case .enm:
            modifyMemory(displayed: false) { $0.erase() }
            loadedSinceShown = false
        case .cr:
            carriageReturn(at: time, location: location)
        case .bs:
            if cursorColumn > 0 {
                cursorColumn -= 1
                setWrittenCell(row: cursorRow, column: cursorColumn, PackedCell.empty)
            }
        case .der:
            let (row, column) = (cursorRow, min(cursorColumn, CEA608Memory.columnCount - 1))
            modifyMemory(displayed: !isPopOn) { $0.eraseRow(row, from: column) }
        case .fon:
            pen.flash = true
        case .aof, .aon, .tr, .rtd:
            break
        }
    }

    /// RU2–RU4: enter roll-up mode (erasing the memories when coming from pop-on or paint-on), or
    /// change the depth of the window.
    private mutating func rollUp(rows depth: Int, at time: CEA608PairTime, location: SourceLocation?) {
        if case .rollUp(let old) = mode {
            mode = .rollUp(rows: depth)
            if depth < old || baseRow < depth {
                let newBase = max(baseRow, depth)
                let (first, last, target) = (baseRow - min(depth, old) + 1, baseRow, newBase - min(depth, old) + 1)
                modifyMemory(displayed: true) { $0.keepRows(from: first, through: last, movedTo: target) }
                baseRow = newBase
                cursorRow = baseRow
            }
            return
        }
        let erased = !displayedIsEmpty
        close(at: time)
        modifyMemory(displayed: true) { $0.erase() }
        modifyMemory(displayed: false) { $0.erase() }
        mode = .rollUp(rows: depth)
        baseRow = 15
        cursorRow = 15
        cursorColumn = 0
        pen = .plain
        overflowReported = false
        if !erased { open = (time, mode, location) }
    }

    private mutating func carriageReturn(at time: CEA608PairTime, location: SourceLocation?) {
        guard case .rollUp(let depth) = mode else { return }
        let wasOpen = open != nil
        close(at: time)
        let (first, last, target) = (baseRow - depth + 2, baseRow, baseRow - depth + 1)
        modifyMemory(displayed: true) { $0.keepRows(from: first, through: last, movedTo: target) }
        cursorRow = baseRow
        cursorColumn = 0
        pen = .plain
        overflowReported = false
        if wasOpen { open = (time, mode, location) }
    }

    private mutating func preambleAddress(_ preamble: CEA608Preamble, at time: CEA608PairTime, location: SourceLocation?) {
        if case .rollUp(let depth) = mode {
            let newBase = max(preamble.row, depth)
            if newBase != baseRow {
                let (first, last, target) = (baseRow - depth + 1, baseRow, newBase - depth + 1)
                modifyMemory(displayed: true) { $0.keepRows(from: first, through: last, movedTo: target) }
                baseRow = newBase
            }
            cursorRow = baseRow
            if open == nil { open = (time, mode, location) }
        } else {
            cursorRow = preamble.row
            if case .paintOn = mode {
                close(at: time)
                open = (time, mode, location)
            }
        }
        cursorColumn = preamble.indent ?? 0
        pen = CEA608Style(color: preamble.color, italic: preamble.italic, underline: preamble.underline)
        overflowReported = false
    }

    // MARK: - Writing

    /// Puts a character (nil: an empty cell) at the cursor in the memory the mode writes to.
    private mutating func write(_ character: Unicode.Scalar?, at time: CEA608PairTime, location: SourceLocation?) {
        var column = cursorColumn
        if column >= CEA608Memory.columnCount {
            column = CEA608Memory.columnCount - 1
            if !overflowReported {
                overflowReported = true
                log.report(.warning, .cea608ColumnOverflow,
                           "\(channel): characters past column 32 of row \(cursorRow) replace the one in column 32, as CEA-608-E says; the row's text is cut",
                           at: location)
            }
        }
        setWrittenCell(row: cursorRow, column: column, PackedCell.pack(character, styleBits: penBits))
        cursorColumn = column + 1
        if open == nil, character != nil, !isPopOn {
            open = (time, mode, location)
        }
    }

    // The memories are reached through these rather than through computed properties, whose
    // accessors are coroutines: called without being inlined, they copied the whole decoder
    // (4 KB) for every control code. The getters are inlined for the same reason: a call to one
    // from a mutating method copied the decoder too.

    /// Runs `body` on the displayed memory, or on the non-displayed one.
    @inline(__always) private mutating func modifyMemory<T>(displayed: Bool, _ body: (inout CEA608Memory) -> T) -> T {
        if (displayedIndex == 0) == displayed { body(&memory0) } else { body(&memory1) }
    }

    /// Writes a cell into the memory the mode writes characters to: non-displayed in pop-on,
    /// displayed otherwise.
    @inline(__always) private mutating func setWrittenCell(row: Int, column: Int, _ cell: UInt32) {
        if isPopOn { loadedSinceShown = true }
        modifyMemory(displayed: !isPopOn) { $0.set(row: row, column: column, packed: cell) }
    }

    @inline(__always) private var displayedIsEmpty: Bool {
        if displayedIndex == 0 { return memory0.isEmpty }
        return memory1.isEmpty
    }

    /// The displayed memory's rows. Mutating only to reach the memory in place (a getter copied it).
    @inline(__always) private mutating func displayedRows() -> CEA608PackedRows {
        modifyMemory(displayed: true) { memory in withUnsafePointer(to: &memory) { CEA608Memory.packedRows(of: $0) } }
    }

    /// Takes the caption on screen off at `time` (nothing when none is on, or when it shows nothing).
    private mutating func close(at time: CEA608PairTime) {
        guard let open else { return }
        self.open = nil
        guard !displayedIsEmpty else { return }
        captions.append(CEA608Caption(start: open.start.mediaTime, end: time.mediaTime, channel: channel, mode: open.mode,
                                      packedRows: displayedRows(), location: open.location))
    }

    private mutating func expireStuckCaption(before time: CEA608PairTime) {
        guard let timeout = options.stuckCaptionTimeout, let last = lastActivity, open != nil else { return }
        let expiry = CEA608PairTime(last.mediaTime + timeout)
        if !(time < expiry) { expire(at: expiry) }
    }

    private mutating func expire(at time: CEA608PairTime) {
        log.report(.info, .cea608StuckCaption,
                   "\(channel): no data for \(options.stuckCaptionTimeout?.description ?? "?"); the caption on screen was erased at \(time.mediaTime.secondsText)s",
                   at: nil)
        close(at: time)
        modifyMemory(displayed: true) { $0.erase() }
    }

    private mutating func reportStream(_ code: DiagnosticCode, _ message: @autoclosure () -> String, at location: SourceLocation?) {
        guard options.reportsStreamErrors else { return }
        log.report(.warning, code, message(), at: location)
    }
}
