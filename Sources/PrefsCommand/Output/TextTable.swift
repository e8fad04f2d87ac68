/// Rows of text in aligned columns, with a header, for people.
package struct TextTable {
    /// One cell: its text and colour.
    package struct Cell {
        let text: String
        let color: TextStyle.Color?

        /// A cell.
        package init(_ text: String, _ color: TextStyle.Color? = nil) {
            self.text = text
            self.color = color
        }
    }

    private let header: [String]
    private var rows: [[Cell]] = []

    /// A table with column titles.
    package init(header: [String]) { self.header = header }

    /// Adds a row.
    package mutating func append(_ row: [Cell]) { rows.append(row) }

    /// The table, one line per row, columns two spaces apart; colours only where `style` allows.
    package func render(_ style: TextStyle) -> String {
        let all = [header.map { Cell($0, .bold) }] + rows
        var widths = [Int](repeating: 0, count: header.count)
        for row in all {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.text.count) }
        }
        return all.map { row in
            row.enumerated().map { column, cell in
                let isLast = column == row.count - 1
                let padding = isLast ? "" : String(repeating: " ", count: widths[column] - cell.text.count + 2)
                return style.paint(cell.text, cell.color) + padding
            }.joined()
        }.joined(separator: "\n")
    }
}
