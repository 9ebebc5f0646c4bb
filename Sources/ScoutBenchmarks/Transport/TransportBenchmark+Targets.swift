extension TransportBenchmark {
    /// Search n is "alpha" with a combining mark (U+0300…U+031E, or none) on each letter: a
    /// distinct search to Scout, whose cache key keeps diacritics, and the same prefix to
    /// Wikipedia, which folds them; so every reply carries the same 20 results.
    static let searches = """
        function target(n)
            local query = ""
            for letter in string.gmatch("alpha", ".") do
                local mark = n % 32
                n = math.floor(n / 32)
                query = query .. letter .. (mark == 0 and "" or string.format("%%CC%%%02X", 0x7F + mark))
            end
            return "/api/v1/search?source=wikipedia&limit=20&q=" .. query
        end
        """

    /// Thumbnail n is `Bench_n.png`, 120 pixels wide, under a Wikimedia-shaped key.
    static let thumbnails = """
        function target(n)
            local file = "Bench_" .. n .. ".png"
            return "/img/wikipedia/wikipedia/commons/thumb/a/ab/" .. file .. "/120px-" .. file
        end
        """

    /// A key outside the numbering, fetched once per server to check the route before the rounds.
    static let probeImageKey = "wikipedia/commons/thumb/a/ab/Probe.png/120px-Probe.png"
}
