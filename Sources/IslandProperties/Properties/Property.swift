import IslandCore
import IslandJournal

/// The properties the kit checks. Each makes its cases from a seed and checks one; every one
/// must hold for every case.
public enum Property: String, CaseIterable, Equatable, Hashable, Sendable {
  /// Every event is accepted exactly when the rules allow it (``RuleModel``): an event made
  /// to break a rule is rejected, for that rule; a valid one is accepted.
  case rules
  /// A rejected event leaves the state and the log exactly as they were.
  case rejection
  /// The invariants (``Invariant``) hold after every event.
  case invariants
  /// Folding the same events twice gives equal states, the same outcomes and identical JSON.
  case determinism
  /// Folding a prefix, then the rest from the state it gives, equals folding the whole; and
  /// the log alone, folded from scratch, gives the same state.
  case snapshot
  /// Writing the log as a journal and reading it back gives the same entries, which fold to
  /// the same state.
  case roundTrip = "round-trip"
  /// A valid sequence shuffled (each activity's own events in order, times non-decreasing)
  /// still gives a run where every event is accepted or cleanly rejected, as the rules say,
  /// and the invariants hold.
  case eventOrder = "event-order"
  /// The log saved to a file as `save` writes it and read back as `island check` reads it
  /// folds to the same state, at the edges of every bound (the end of the clock, the largest
  /// policy numbers, the fewest activities, lines of the longest length); or the writer
  /// refuses it cleanly, naming the bound.
  case journalFile = "journal-file"

  /// What the property promises, in a line.
  public var summary: String {
    switch self {
    case .rules: return "every event is accepted exactly when the rules allow it"
    case .rejection: return "a rejected event leaves the state and the log unchanged"
    case .invariants: return "the invariants hold after every event"
    case .determinism: return "folding twice gives equal states and identical JSON"
    case .snapshot: return "a prefix, then the rest from its state, equals the whole"
    case .roundTrip: return "a journal written and read back folds to the same state"
    case .eventOrder: return "shuffled orders are accepted or cleanly rejected, invariants hold"
    case .journalFile: return "a journal saved and checked at the bounds folds to the same state"
    }
  }

  // MARK: - Cases

  /// The case of seed `seed` for this property: a generated one, shuffled for
  /// ``eventOrder`` (which starts from an all-valid sequence).
  public func makeCase(
    seed: UInt64, prefix: Prefix? = nil, options: GenerationOptions = GenerationOptions()
  ) -> FuzzCase {
    if self == .journalFile {
      return JournalFileCheck.makeCase(seed: seed, prefix: prefix, options: options)
    }
    guard self == .eventOrder else {
      return EventGenerator.generate(seed: seed, prefix: prefix, options: options)
    }
    var validOnly = options
    validOnly.invalidShare = 0
    var fuzzCase = EventGenerator.generate(seed: seed, prefix: prefix, options: validOnly)
    var random = Xoshiro256StarStar(seed: SplitMix64.mix(seed ^ Property.shuffleSalt))
    fuzzCase.steps = Interleaving.shuffle(fuzzCase.steps, using: &random)
    return fuzzCase
  }

  /// The checks after each step while the case is generated and folded in one pass: those
  /// of the properties that are only that, none for those that then fold the case again;
  /// nil for ``eventOrder`` and ``journalFile``, whose cases are changed after they are
  /// generated.
  var stepChecks: CaseRun.Checks? {
    switch self {
    case .rules: return .rules
    case .rejection: return .rejection
    case .invariants: return .invariants
    case .determinism, .snapshot, .roundTrip: return []
    case .eventOrder, .journalFile: return nil
    }
  }

  private static let shuffleSalt: UInt64 = 0x5348_5546_464C_4521
  private static let cutSalt: UInt64 = 0x534E_4150_5348_4F54

  // MARK: - Checking

  /// Checks the property on `fuzzCase`; nil when it holds. `extras` are invariants of the
  /// caller's own, checked after every event with the built-in ones.
  public func check(_ fuzzCase: FuzzCase, extras: [IslandInvariants.Extra] = []) -> PropertyFailure?
  {
    check(fuzzCase, extras: extras, folded: nil)
  }

  /// The same check, given `folded`: the case already folded once with no checks, as the
  /// runner folds it while generating (the properties that fold a case whole start from it).
  func check(
    _ fuzzCase: FuzzCase, extras: [IslandInvariants.Extra], folded: CaseRun?
  ) -> PropertyFailure? {
    let start = fuzzCase.prefix.log
    let whole = {
      folded ?? CaseRun.fold(fuzzCase.steps, from: fuzzCase.prefix.log, property: self)
    }
    switch self {
    case .rules:
      return CaseRun.fold(fuzzCase.steps, from: start, checks: .rules, property: self).failure
    case .rejection:
      return CaseRun.fold(fuzzCase.steps, from: start, checks: .rejection, property: self).failure
    case .invariants:
      return CaseRun.fold(
        fuzzCase.steps, from: start, checks: .invariants, extras: extras, property: self
      ).failure
    case .eventOrder:
      return CaseRun.fold(
        fuzzCase.steps, from: start, checks: .all, extras: extras, property: self
      ).failure
    case .determinism: return checkDeterminism(fuzzCase, first: whole())
    case .snapshot: return checkSnapshot(fuzzCase, whole: whole())
    case .roundTrip: return checkRoundTrip(fuzzCase, run: whole())
    case .journalFile: return JournalFileCheck.check(fuzzCase, run: whole())
    }
  }

  private func checkDeterminism(_ fuzzCase: FuzzCase, first: CaseRun) -> PropertyFailure? {
    let second = CaseRun.fold(fuzzCase.steps, from: fuzzCase.prefix.log, property: self)
    if first.entryOfStep.map({ $0 != nil }) != second.entryOfStep.map({ $0 != nil }) {
      let index = first.entryOfStep.indices.first {
        (first.entryOfStep[$0] == nil) != (second.entryOfStep[$0] == nil)
      }
      return PropertyFailure(
        property: self, kind: "outcomesDiffer",
        message: "the two folds accepted different events", stepIndex: index)
    }
    return compare(first.log, second.log, "the first fold", "the second")
  }

  private func checkSnapshot(_ fuzzCase: FuzzCase, whole: CaseRun) -> PropertyFailure? {
    var random = Xoshiro256StarStar(
      seed: SplitMix64.mix(fuzzCase.seed ^ Property.shuffleSalt ^ Property.cutSalt))
    let cut = random.next(below: fuzzCase.steps.count + 1)
    let head = CaseRun.fold(fuzzCase.steps.prefix(cut), from: fuzzCase.prefix.log, property: self)
    let tail = CaseRun.fold(fuzzCase.steps.dropFirst(cut), from: head.log, property: self)
    if let failure = compare(
      whole.log, tail.log, "the whole fold", "the fold resumed after step \(cut)")
    {
      return failure
    }
    switch EventLog.refold(whole.log.entries, configuration: fuzzCase.configuration) {
    case .success(let refolded):
      // Equal states give equal JSON: the comparison above already read the bytes.
      return compare(
        whole.log, refolded, "the fold", "the log folded again from scratch", json: false)
    case .failure(let failure):
      return PropertyFailure(
        property: self, kind: "logRefused",
        message: "the log folded again refuses its event \(failure.seq): \(failure.rejection)")
    }
  }

  private func checkRoundTrip(_ fuzzCase: FuzzCase, run: CaseRun) -> PropertyFailure? {
    let header = JournalHeader(configuration: fuzzCase.configuration)
    let text = JournalFormat.encode(header: header, entries: run.log.entries)
    let read: (header: JournalHeader, entries: [LogEntry])
    do {
      read = try JournalText.decode(text)
    } catch {
      return PropertyFailure(
        property: self, kind: "unreadable", message: "the journal written cannot be read: \(error)")
    }
    if read.header.configuration != fuzzCase.configuration {
      return PropertyFailure(
        property: self, kind: "headerDiffers",
        message: "the header read back differs: \(read.header.line) for \(header.line)")
    }
    for (written, back) in zip(run.log.entries, read.entries) where written != back {
      return PropertyFailure(
        property: self, kind: "entryDiffers",
        message: "entry \(written.seq) reads back as \(EventLine.encode(back)), written as "
          + EventLine.encode(written))
    }
    if read.entries.count != run.log.entries.count {
      return PropertyFailure(
        property: self, kind: "entryDiffers",
        message: "\(run.log.entries.count) entries written, \(read.entries.count) read back")
    }
    switch EventLog.refold(read.entries, configuration: read.header.configuration) {
    case .success(let refolded):
      return compare(run.log, refolded, "the fold", "the journal read back")
    case .failure(let failure):
      return PropertyFailure(
        property: self, kind: "logRefused",
        message: "the journal read back refuses its event \(failure.seq): \(failure.rejection)")
    }
  }

  /// Compares two logs: entries, states, then the states' JSON bytes.
  private func compare(
    _ first: EventLog, _ second: EventLog, _ firstName: String, _ secondName: String,
    json: Bool = true
  ) -> PropertyFailure? {
    if first.entries != second.entries {
      let index = zip(first.entries, second.entries).first { $0 != $1 }?.0.seq
      return PropertyFailure(
        property: self, kind: "logsDiffer",
        message: "\(firstName) and \(secondName) logged different events"
          + (index.map { " from seq \($0)" }
            ?? " (\(first.entries.count) and \(second.entries.count))"))
    }
    if first.state != second.state {
      return PropertyFailure(
        property: self, kind: "statesDiffer",
        message: "\(firstName) and \(secondName) give different states")
    }
    guard json else { return nil }
    let firstJSON = first.state.json.compactText
    let secondJSON = second.state.json.compactText
    if firstJSON != secondJSON {
      return PropertyFailure(
        property: self, kind: "jsonDiffers",
        message: "\(firstName) and \(secondName) give equal states but different JSON:\n"
          + firstJSON + "\n" + secondJSON)
    }
    return nil
  }
}
