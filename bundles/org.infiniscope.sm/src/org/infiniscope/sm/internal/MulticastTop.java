package org.infiniscope.sm.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.infiniscope.mad.smp.SwitchInfo;

/**
 * SwitchInfo's MulticastFDBTop (IBA 1.3) kept at the highest MLID the switch's MFT holds, so that it forwards no
 * stale entry above it: a switch with no group left gets 0xBFFF (below the first MLID: no valid entry). A switch that
 * never held a group and reads a top below 0xC000 is left alone.
 */
final class MulticastTop {

    /** No valid MFT entry. */
    static final int NONE = 0xBFFF;

    int sets;

    List<CompletableFuture<?>> program(Smps smps, SweptFabric fabric, Map<Long, Integer> tops) {
        List<CompletableFuture<?>> sent = new ArrayList<>();
        for (SmNode n : fabric.nodes) {
            SwitchInfo r = n.switchInfo;
            if (!n.isSwitch() || r == null) {
                continue;
            }
            Integer top = tops.get(n.guid());
            int wanted = top != null ? top : r.multicastFdbTop() >= 0xC000 ? NONE : r.multicastFdbTop();
            if (wanted == r.multicastFdbTop()) {
                continue;
            }
            // PortStateChange written 0 leaves it as it is (writing 1 clears it)
            SwitchInfo w = new SwitchInfo(r.linearFdbCap(), r.randomFdbCap(), r.multicastFdbCap(), r.linearFdbTop(),
                    r.defaultPort(), r.defaultMulticastPrimaryPort(), r.defaultMulticastNotPrimaryPort(),
                    r.lifeTimeValue(), false, r.optimizedSl2VlMapping(), r.lidsPerPort(), r.partitionEnforcementCap(),
                    r.inboundEnforcementCap(), r.outboundEnforcementCap(), r.filterRawInboundCap(),
                    r.filterRawOutboundCap(), r.enhancedPort0(), wanted);
            sets++;
            sent.add(smps.set(n.route, SwitchInfo.CODEC, 0, w).whenComplete((v, e) -> {
                if (v != null) {
                    n.switchInfo = v;
                }
            }));
        }
        return sent;
    }
}
