// The library for players: one import for every public module of Legible. A player reaches all
// of it through `import Legible`; docs/library.md walks through a player's program.
@_exported import TimedText
@_exported import TextScanning
@_exported import ClosedCaptionData
@_exported import SubRip
@_exported import WebVTT
@_exported import CEA608
@_exported import CEA708
@_exported import TTML
@_exported import SubStationAlpha
@_exported import CaptionFormats
@_exported import Timeline
@_exported import TrackSelection
@_exported import CaptionStyling
@_exported import Rendering
@_exported import VideoIO
@_exported import Validation
@_exported import MediaCaptions
@_exported import BatchValidation
@_exported import CaptionSources
@_exported import Segmenting
