import ChronoSketchCore

extension ICalComponent {
    /// Appends the component as bytes (``ByteWriter``): its name, line, properties (name,
    /// parameters and content line) and the components inside, so that ``init(decoding:)``
    /// gives back properties that read and compare as these do. How the reader found its end
    /// and its BEGIN and END lines as written are not kept.
    package func encode(into writer: inout ByteWriter) {
        writer.text(name)
        writer.signed(line)
        writer.unsigned(UInt64(properties.count))
        for property in properties {
            writer.text(property.name)
            writer.unsigned(UInt64(property.parameters.count))
            for parameter in property.parameters {
                writer.text(parameter.name)
                writer.texts(parameter.values)
            }
            writer.data(property.contentLine)
            writer.unsigned(UInt64(property.valueStart))
            writer.signed(property.line)
        }
        writer.unsigned(UInt64(components.count))
        for component in components { component.encode(into: &writer) }
    }

    /// The component ``encode(into:)`` wrote where `reader` is.
    package init(decoding reader: inout ByteReader) {
        let name = reader.text()
        let line = reader.signed()
        let properties = (0..<Int(reader.unsigned())).map { _ in
            let name = reader.text()
            let parameters = (0..<Int(reader.unsigned())).map { _ in
                let name = reader.text()
                return ICalParameter(name: name, values: reader.texts())
            }
            let contentLine = Array(reader.data())
            let valueStart = Int(reader.unsigned())
            return ICalProperty(
                name: name, parameters: parameters, contentLine: contentLine,
                valueStart: valueStart, line: reader.signed())
        }
        let components = (0..<Int(reader.unsigned())).map { _ in
            ICalComponent(decoding: &reader)
        }
        self.init(name: name, properties: properties, components: components, line: line)
    }
}
