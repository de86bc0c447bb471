package dev.zkload.runner.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AmountsTest {
    @Test
    void aFigureIsWrittenAsShortAsItCanBe() {
        assertThat(Amounts.decimal(2)).isEqualTo("2");
        assertThat(Amounts.decimal(0.5)).isEqualTo("0.5");
        assertThat(Amounts.decimal(1.25)).isEqualTo("1.25");
    }

    @Test
    void coresTakeTheirNounInTheSingularOnlyForOne() {
        assertThat(Amounts.coresNoun(1)).isEqualTo("1 core");
        assertThat(Amounts.coresNoun(2)).isEqualTo("2 cores");
        assertThat(Amounts.coresNoun(1.5)).isEqualTo("1.50 cores");
    }

    @Test
    void aRatioHasADecimalOnlyBelowAboutTwo() {
        assertThat(Amounts.times(9.2)).isEqualTo("9×");
        assertThat(Amounts.times(1.42)).isEqualTo("1.4×");
    }
}
