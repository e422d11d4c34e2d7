import AkkordSupport
import AkkordModel

/// The merge of three versions of one project file (git's merge driver, SPEC §14): each read
/// by the one project reader, merged record by record (`ProjectMerge`).
public enum ProjectFileMerge {
}
