/// A component and the components inside it, met one line at a time, so that a writer can stop
/// anywhere and go on later: a component of any size is then written in pieces of a bounded
/// size, each handed out before the next is made.
package struct ComponentWalk {
    /// The order of a component's properties and components.
    package enum Order {
        /// As they were read (``ICalComponent/forEachInReadOrder(property:component:)``): what
        /// `.ics` writes back.
        case asRead
        /// Every property, then every component: what jCal holds.
        case propertiesFirst
    }

    /// What comes next.
    package enum Step {
        /// A component begins.
        case begin(ICalComponent)
        case property(ICalProperty)
        /// With ``Order/propertiesFirst``: the component's properties are done, its
        /// components come.
        case components(ICalComponent)
        /// A component ends.
        case end(ICalComponent)
    }

    private struct Frame {
        var component: ICalComponent
        var properties = 0
        var components = 0
        var begun = false
        var inComponents = false
    }

    private let order: Order
    /// The components open, outermost first.
    private var frames: [Frame]

    package init(_ component: ICalComponent, order: Order) {
        self.order = order
        frames = [Frame(component: component)]
    }

    /// Whether every step was taken.
    package var isDone: Bool { frames.isEmpty }

    /// The next step; nil once the component has ended.
    package mutating func next() -> Step? {
        while let top = frames.indices.last {
            guard frames[top].begun else {
                frames[top].begun = true
                return .begin(frames[top].component)
            }
            let place = (properties: frames[top].properties, components: frames[top].components)
            let part: ICalComponent.Part?
            switch order {
            case .asRead:
                part = frames[top].component.nextInReadOrder(after: place)
            case .propertiesFirst:
                if place.properties < frames[top].component.properties.count {
                    part = .property(place.properties)
                } else if !frames[top].inComponents {
                    frames[top].inComponents = true
                    return .components(frames[top].component)
                } else {
                    part =
                        place.components < frames[top].component.components.count
                        ? .component(place.components) : nil
                }
            }
            switch part {
            case .property(let index):
                frames[top].properties += 1
                return .property(frames[top].component.properties[index])
            case .component(let index):
                frames[top].components += 1
                frames.append(Frame(component: frames[top].component.components[index]))
            case nil:
                return .end(frames.removeLast().component)
            }
        }
        return nil
    }
}
