package dev.zkload.runner.engine.ramp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class BisectionTest {
    @Test
    void halvesTheIntervalTowardsTheCapacityAndStopsWithinTheWidth() {
        // an ensemble that carries 137 domains and saturates at 138
        Bisection b = new Bisection(100, 200, 10);
        List<Integer> visited = new ArrayList<>();
        for (OptionalInt next = b.next(); next.isPresent(); next = b.next()) {
            int d = next.getAsInt();
            visited.add(d);
            if (d <= 137) {
                b.stable(d);
            } else {
                b.saturated(d);
            }
        }
        assertThat(visited).containsExactly(150, 125, 137, 143);
        assertThat(b.stable()).isEqualTo(137);
        assertThat(b.saturated()).isEqualTo(143);
        assertThat(b.done()).isTrue();
    }

    @Test
    void aWidthOfOneFindsTheExactCountInLogarithmicallyManySteps() {
        Bisection b = new Bisection(0, 1024, 1);
        int steps = 0;
        for (OptionalInt next = b.next(); next.isPresent(); next = b.next()) {
            steps++;
            if (next.getAsInt() <= 700) {
                b.stable(next.getAsInt());
            } else {
                b.saturated(next.getAsInt());
            }
        }
        assertThat(steps).isEqualTo(10);
        assertThat(b.stable()).isEqualTo(700);
        assertThat(b.saturated()).isEqualTo(701);
    }

    @Test
    void anIntervalAlreadyWithinTheWidthAsksForNothing() {
        assertThat(new Bisection(100, 110, 10).next()).isEmpty();
        assertThat(new Bisection(100, 111, 10).next()).hasValue(105);
    }

    @Test
    void refusesACountOutsideTheIntervalAndAnEmptyInterval() {
        Bisection b = new Bisection(100, 200, 10);
        assertThatThrownBy(() -> b.stable(200)).hasMessageContaining("not inside (100, 200)");
        assertThatThrownBy(() -> b.saturated(100)).hasMessageContaining("not inside");
        assertThatThrownBy(() -> new Bisection(200, 200, 10)).hasMessageContaining("no interval");
        assertThatThrownBy(() -> new Bisection(100, 200, 0)).hasMessageContaining("no interval");
    }
}
