/// The language editions of Wikipedia, by the code in their address (`de` for
/// `de.wikipedia.org`, `zh-yue`, `be-tarask`, `simple`): what a `lang` Scout is asked for may
/// be. A fixed list embedded in the binary, so a request can only name one of these ~350 hosts
/// — never make Scout ask for a made-up one — and the per-language providers a server keeps
/// are bounded by it.
///
/// From Wikimedia's site matrix (meta.wikimedia.org/wiki/List_of_Wikipedias) as of 2025: every
/// Wikipedia, closed ones included (they still answer searches, read-only). Codes only as
/// hosts spell them: `be-tarask`, not its old alias `be-x-old`; `no`, not `nb`.
///
/// ```swift
/// WikipediaLanguages.contains("zh-yue")  // true
/// WikipediaLanguages.contains("xx")      // false
/// ```
public enum WikipediaLanguages {
    /// Every code, in alphabetical order.
    public static let codes: [String] = [
        "aa", "ab", "ace", "ady", "af", "ak", "als", "alt", "am", "ami", "an", "ang", "ann", "anp", "ar", "arc",
        "ary", "arz", "as", "ast", "atj", "av", "avk", "ay", "az", "azb", "ba", "ban", "bar", "bat-smg", "bbc",
        "bcl", "bdr", "be", "be-tarask", "bew", "bg", "bh", "bi", "bjn", "blk", "bm", "bn", "bo", "bpy", "br", "bs",
        "btm", "bug", "bxr", "ca", "cbk-zam", "cdo", "ce", "ceb", "ch", "cho", "chr", "chy", "ckb", "co", "cr",
        "crh", "cs", "csb", "cu", "cv", "cy", "da", "dag", "de", "dga", "din", "diq", "dsb", "dtp", "dty", "dv",
        "dz", "ee", "el", "eml", "en", "eo", "es", "et", "eu", "ext", "fa", "fat", "ff", "fi", "fiu-vro", "fj", "fo",
        "fon", "fr", "frp", "frr", "fur", "fy", "ga", "gag", "gan", "gcr", "gd", "gl", "glk", "gn", "gom", "gor",
        "got", "gpe", "gu", "guc", "gur", "guw", "gv", "ha", "hak", "haw", "he", "hi", "hif", "ho", "hr", "hsb",
        "ht", "hu", "hy", "hyw", "hz", "ia", "iba", "id", "ie", "ig", "igl", "ii", "ik", "ilo", "inh", "io", "is",
        "it", "iu", "ja", "jam", "jbo", "jv", "ka", "kaa", "kab", "kbd", "kbp", "kcg", "kg", "kge", "ki", "kj", "kk",
        "kl", "km", "kn", "knc", "ko", "koi", "kr", "krc", "ks", "ksh", "ku", "kus", "kv", "kw", "ky", "la", "lad",
        "lb", "lbe", "lez", "lfn", "lg", "li", "lij", "lld", "lmo", "ln", "lo", "lrc", "lt", "ltg", "lv", "mad",
        "mai", "map-bms", "mdf", "mg", "mh", "mhr", "mi", "min", "mk", "ml", "mn", "mni", "mnw", "mos", "mr", "mrj",
        "ms", "mt", "mus", "mwl", "my", "myv", "mzn", "na", "nah", "nap", "nds", "nds-nl", "ne", "new", "ng", "nia",
        "nl", "nn", "no", "nov", "nqo", "nr", "nrm", "nso", "nup", "nv", "ny", "oc", "olo", "om", "or", "os", "pa",
        "pag", "pam", "pap", "pcd", "pcm", "pdc", "pfl", "pi", "pih", "pl", "pms", "pnb", "pnt", "ps", "pt", "pwn",
        "qu", "rm", "rmy", "rn", "ro", "roa-rup", "roa-tara", "rsk", "ru", "rue", "rw", "sa", "sah", "sat", "sc",
        "scn", "sco", "sd", "se", "sg", "sh", "shi", "shn", "si", "simple", "sk", "skr", "sl", "sm", "smn", "sn",
        "so", "sq", "sr", "srn", "ss", "st", "stq", "su", "sv", "sw", "syl", "szl", "szy", "ta", "tay", "tcy", "tdd",
        "te", "tet", "tg", "th", "ti", "tk", "tl", "tly", "tn", "to", "tpi", "tr", "trv", "ts", "tt", "tum", "tw",
        "ty", "tyv", "udm", "ug", "uk", "ur", "uz", "ve", "vec", "vep", "vi", "vls", "vo", "wa", "war", "wo", "wuu",
        "xal", "xh", "xmf", "yi", "yo", "za", "zea", "zgh", "zh", "zh-classical", "zh-min-nan", "zh-yue", "zu",
    ]

    private static let known = Set(codes)

    /// Whether `code` is the code of a Wikipedia, exactly as its host spells it (lowercase).
    public static func contains(_ code: String) -> Bool { known.contains(code) }
}
