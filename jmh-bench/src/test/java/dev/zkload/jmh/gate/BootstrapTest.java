package dev.zkload.jmh.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class BootstrapTest {
    private static final double[][] BASE = {{100, 104, 98}, {120, 118, 125}, {90, 95, 93}, {110, 108, 111}};

    @Test
    void aSideAgainstItselfIsRatioOneAndItsIntervalHoldsOne() {
        Bootstrap.Estimate e = new Bootstrap(2000, 0.99, 1).ratio(BASE, BASE, false);
        assertThat(e.ratio()).isEqualTo(1.0);
        assertThat(e.low()).isLessThan(1.0);
        assertThat(e.high()).isGreaterThan(1.0);
    }

    @Test
    void pairedRoundsCancelWhatTheRoundDidToBoth() {
        // every fork of the candidate is 1.5 × the same round's baseline fork, whatever that round was
        double[][] slower = scaled(BASE, 1.5);
        Bootstrap bootstrap = new Bootstrap(2000, 0.99, 1);
        Bootstrap.Estimate paired = bootstrap.ratio(BASE, slower, true);
        assertThat(paired.ratio()).isCloseTo(1.5, within(1e-9));
        Bootstrap.Estimate unpaired = bootstrap.ratio(BASE, slower, false);
        assertThat(unpaired.ratio()).isCloseTo(1.5, within(1e-9));
        assertThat(unpaired.low()).isLessThan(1.5);
        assertThat(unpaired.high()).isGreaterThan(1.5);
        assertThat(paired.high() - paired.low())
                .as("pairing takes the rounds' spread out of the interval")
                .isLessThan(unpaired.high() - unpaired.low());
    }

    @Test
    void theSameSeedGivesTheSameInterval() {
        double[][] other = scaled(BASE, 1.1);
        assertThat(new Bootstrap(1000, 0.95, 7).ratio(BASE, other, false))
                .isEqualTo(new Bootstrap(1000, 0.95, 7).ratio(BASE, other, false));
    }

    @Test
    void pairedSidesNeedAsManyForks() {
        double[][] three = {BASE[0], BASE[1], BASE[2]};
        assertThatThrownBy(() -> new Bootstrap(1000, 0.99, 1).ratio(BASE, three, true))
                .hasMessage("paired sides need as many forks each, not 4 and 3");
    }

    @Test
    void refusesMeaninglessSettings() {
        assertThatThrownBy(() -> new Bootstrap(10, 0.99, 1)).hasMessageContaining("replicates must be 100 or more");
        assertThatThrownBy(() -> new Bootstrap(1000, 1.0, 1))
                .hasMessageContaining("confidence must be between 0 and 1");
    }

    private static double[][] scaled(double[][] side, double factor) {
        double[][] out = new double[side.length][];
        for (int f = 0; f < side.length; f++) {
            out[f] = side[f].clone();
            for (int i = 0; i < out[f].length; i++) {
                out[f][i] *= factor;
            }
        }
        return out;
    }
}
