/// The limits on live activities (Part 2, "Limits and errors": "more than 5 live activities
/// of one app; more than a device-wide limit (default 10)"): a start over either is rejected.
/// Live means eligible: active or stale.
enum Limits {
  /// Checks that `app`, with `liveOfApp` live activities, and the device, with `live`, may
  /// start one more under `policy`.
  static func checkRoomForStart(
    app: String, liveOfApp: Int, live: Int, policy: Policy
  ) throws(Rejection.Reason) {
    guard liveOfApp < policy.activitiesPerApp else {
      throw .appLimitReached(app: app, limit: policy.activitiesPerApp)
    }
    guard live < policy.activitiesPerDevice else {
      throw .deviceLimitReached(limit: policy.activitiesPerDevice)
    }
  }
}
