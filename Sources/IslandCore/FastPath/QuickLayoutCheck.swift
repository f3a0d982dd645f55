extension LayoutPlan {
  /// Whether the layout checks (``LayoutChecks``) would surely pass for `content`, whose
  /// fields the plan's first roles find at `slots`: the layout's own parts are valid
  /// (``partsAreValid``), every field the layout reads is there (a number where it must be),
  /// and each symbol that takes its name from the state takes it from one field whose text
  /// is a symbol name. False says only that the full check must run.
  ///
  /// The fields are read in place: a copy of each value would retain its text. Inlined into
  /// the rule's check: as a call of its own it cost each start about 26 instructions.
  @inline(__always)
  func surelyPassesLayoutChecks(_ content: ContentState, slots: FieldSlots) -> Bool {
    guard partsAreValid, let symbolNameFields else { return false }
    return content.fields.withUnsafeBufferPointer { held in
      let fields = BorrowedFields(fields: held, slots: slots, plan: self)
      return roles.indices.allSatisfy { field in
        fields.holds(field, asNumber: roles[field].isNumeric)
      }
        // A symbol named by one field alone is named by that field's text.
        && symbolNameFields.allSatisfy { field in
          fields.withText(of: field, LayoutChecks.isSymbolName)
        }
    }
  }
}
